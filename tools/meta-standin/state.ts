/**
 * In-memory state of one stand-in server: the demo app, its user, Pages, Instagram accounts,
 * tokens, containers, posts and comments. Every id and name starts with "demo" so nothing here
 * can be mistaken for a real Meta object.
 */

export type TokenKind = "fb-user-short" | "fb-user-long" | "fb-page" | "ig-user-short" | "ig-user-long" | "app";

export interface StandinToken {
  token: string;
  kind: TokenKind;
  /** The Facebook user (fb-*), Page (fb-page) or Instagram account (ig-*) it acts as. */
  subject: string;
  /** Scopes granted when the dialog was approved (Page tokens inherit the user's). */
  granted: string[];
  declined: string[];
  /** Epoch ms; null for Page tokens read with a long-lived user token (they do not expire). */
  expiresAt: number | null;
  revoked: boolean;
}

export interface StandinPage {
  id: string;
  name: string;
  category: string;
  /** Page tasks of the user (CREATE_CONTENT is what posting needs). */
  tasks: string[];
  /** The linked Instagram professional account, if any. */
  instagramId?: string;
}

export interface StandinInstagramAccount {
  id: string;
  username: string;
  name: string;
}

export type ContainerStatus = "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED" | "PUBLISHED";

export interface StandinContainer {
  id: string;
  owner: string;
  mediaType: "IMAGE" | "CAROUSEL";
  imageUrl?: string;
  children: string[];
  isCarouselItem: boolean;
  caption: string;
  altText?: string;
  createdAt: number;
  /** Polls left before IN_PROGRESS becomes FINISHED. */
  pollsLeft: number;
  /** Where the container is heading once processing ends. */
  outcome: { status: "FINISHED" } | { status: "ERROR"; subcode: string };
  status: ContainerStatus;
  mediaId?: string;
}

export interface StandinMedia {
  id: string;
  owner: string;
  containerId: string;
  caption: string;
  mediaType: "IMAGE" | "CAROUSEL_ALBUM";
  mediaUrl: string;
  timestamp: number;
  permalink: string;
  /** Fixed insights (adopted objects: the numbers the app already shows); otherwise made up from the id. */
  metrics?: Record<string, number>;
}

export interface StandinPost {
  /** "{pageId}_{n}" as Meta shapes Page post ids. */
  id: string;
  pageId: string;
  message: string;
  link?: string;
  photoIds: string[];
  createdAt: number;
  published: boolean;
  /** Fixed insights (adopted objects); otherwise made up from the id. */
  metrics?: Record<string, number>;
}

export interface StandinPhoto {
  id: string;
  pageId: string;
  url: string;
  caption: string;
  published: boolean;
  postId?: string;
}

export interface StandinComment {
  id: string;
  objectId: string;
  message: string;
  from: { id: string; name: string };
  createdAt: number;
}

export interface OAuthCode {
  code: string;
  login: "facebook" | "instagram";
  clientId: string;
  redirectUri: string;
  granted: string[];
  declined: string[];
  challenge?: string;
  challengeMethod?: "S256" | "plain";
  expiresAt: number;
  used: boolean;
}

export interface StandinAccounts {
  user: { id: string; name: string };
  pages: StandinPage[];
  instagram: StandinInstagramAccount[];
  /** The Instagram account that "Instagram Login" signs in as. */
  instagramLoginAccount: string;
}

export interface StandinState extends StandinAccounts {
  appId: string;
  appSecret: string;
  tokens: Map<string, StandinToken>;
  codes: Map<string, OAuthCode>;
  containers: Map<string, StandinContainer>;
  media: Map<string, StandinMedia>;
  posts: Map<string, StandinPost>;
  photos: Map<string, StandinPhoto>;
  comments: Map<string, StandinComment>;
  /** Publish times per Instagram account (content_publishing_limit's rolling 24 h). */
  publishes: Map<string, number[]>;
  nextId: number;
}

export const DEMO_USER_ID = "demo_user_1";
export const DEMO_PAGE_ID = "demo_page_1";
export const DEMO_PAGE_WITHOUT_INSTAGRAM_ID = "demo_page_2";
export const DEMO_INSTAGRAM_ID = "demo_ig_1";

export const ALL_PAGE_TASKS = ["ANALYZE", "ADVERTISE", "MODERATE", "CREATE_CONTENT", "MANAGE"];

/** One Page linked to an Instagram account, and one Page without Instagram that the user may only analyse. */
export function defaultAccounts(): StandinAccounts {
  return {
    user: { id: DEMO_USER_ID, name: "Demo — usuário de demonstração" },
    pages: [
      {
        id: DEMO_PAGE_ID,
        name: "Demo Imobiliária (demonstração)",
        category: "Real Estate",
        tasks: ALL_PAGE_TASKS,
        instagramId: DEMO_INSTAGRAM_ID,
      },
      { id: DEMO_PAGE_WITHOUT_INSTAGRAM_ID, name: "Demo Página sem Instagram", category: "Real Estate", tasks: ["ANALYZE"] },
    ],
    instagram: [{ id: DEMO_INSTAGRAM_ID, username: "demo.imobiliaria", name: "Demo Imobiliária (demonstração)" }],
    instagramLoginAccount: DEMO_INSTAGRAM_ID,
  };
}

export function createState(appId: string, appSecret: string, accounts: StandinAccounts): StandinState {
  return {
    ...structuredClone(accounts),
    appId,
    appSecret,
    tokens: new Map(),
    codes: new Map(),
    containers: new Map(),
    media: new Map(),
    posts: new Map(),
    photos: new Map(),
    comments: new Map(),
    publishes: new Map(),
    nextId: 1,
  };
}

export function newId(state: StandinState, kind: string): string {
  return `demo_${kind}_${state.nextId++}`;
}

export function randomToken(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}${Buffer.from(bytes).toString("base64url")}`;
}

export function issueToken(state: StandinState, fields: Omit<StandinToken, "token" | "revoked">): StandinToken {
  const prefix = {
    "fb-user-short": "DEMOFBS",
    "fb-user-long": "DEMOFBL",
    "fb-page": "DEMOPAGE",
    "ig-user-short": "DEMOIGS",
    "ig-user-long": "DEMOIGL",
    app: "DEMOAPP",
  }[fields.kind];
  const token: StandinToken = { ...fields, token: randomToken(prefix), revoked: false };
  state.tokens.set(token.token, token);
  return token;
}

/** The Instagram accounts a Facebook user reaches through the Pages they manage. */
export function instagramOfUser(state: StandinState): string[] {
  return state.pages.flatMap((p) => (p.instagramId ? [p.instagramId] : []));
}
