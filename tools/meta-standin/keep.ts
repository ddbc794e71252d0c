/**
 * What lets `npm start`'s demo outlive a restart (the stand-in's state is otherwise in memory):
 * fixed tokens accepted from the start (the demo business's sealed tokens), a state file written
 * after every change and read back at start (a connection made in the demo dialog keeps working,
 * ids never repeat), and published objects adopted from the demo's seed (its month of posts, with
 * the metrics the app shows, so their permalinks, feed and insights answer).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type {
  OAuthCode,
  StandinComment,
  StandinContainer,
  StandinMedia,
  StandinPhoto,
  StandinPost,
  StandinState,
  StandinToken,
  TokenKind,
} from "./state.ts";

/** A token the stand-in accepts from its start, whatever it issued before. */
export interface FixedToken {
  token: string;
  kind: TokenKind;
  subject: string;
  granted: string[];
  declined?: string[];
  /** Epoch ms; null or absent: does not expire. */
  expiresAt?: number | null;
}

/** Adds (or renews) fixed tokens: never revoked at start, so a restart gives the demo its connection back. */
export function acceptFixedTokens(state: StandinState, tokens: readonly FixedToken[]): void {
  for (const t of tokens) {
    const token: StandinToken = {
      token: t.token,
      kind: t.kind,
      subject: t.subject,
      granted: [...t.granted],
      declined: [...(t.declined ?? [])],
      expiresAt: t.expiresAt ?? null,
      revoked: false,
    };
    state.tokens.set(t.token, token);
  }
}

/** A published Instagram media or Facebook Page post the app already holds (the demo's seed). */
export interface AdoptedMedia {
  /** `demo_media_<n>`: the number moves the stand-in's counter past it. */
  id: string;
  owner: string;
  caption: string;
  mediaType: "IMAGE" | "CAROUSEL_ALBUM";
  mediaUrl: string;
  timestamp: number;
  metrics?: Record<string, number>;
}

export interface AdoptedPost {
  /** `{pageId}_<n>`, as Meta shapes Page post ids. */
  id: string;
  pageId: string;
  message: string;
  link?: string;
  createdAt: number;
  metrics?: Record<string, number>;
}

export interface Adoption {
  media?: readonly AdoptedMedia[];
  posts?: readonly AdoptedPost[];
}

/** Where the stand-in serves a published object's page: the permalink Meta would give. */
export function standinPermalink(baseUrl: string, kind: "instagram" | "facebook", id: string): string {
  return `${baseUrl}/_demo/${kind === "instagram" ? "instagram" : "posts"}/${id}`;
}

/** Takes in published objects with their own ids; the id counter moves past them so none is issued twice. */
export function adopt(state: StandinState, baseUrl: string, objects: Adoption): { media: number; posts: number } {
  for (const m of objects.media ?? []) {
    state.media.set(m.id, {
      id: m.id,
      owner: m.owner,
      containerId: "",
      caption: m.caption,
      mediaType: m.mediaType,
      mediaUrl: m.mediaUrl,
      timestamp: m.timestamp,
      permalink: standinPermalink(baseUrl, "instagram", m.id),
      ...(m.metrics ? { metrics: { ...m.metrics } } : {}),
    });
  }
  for (const p of objects.posts ?? []) {
    state.posts.set(p.id, {
      id: p.id,
      pageId: p.pageId,
      message: p.message,
      photoIds: [],
      createdAt: p.createdAt,
      published: true,
      ...(p.link ? { link: p.link } : {}),
      ...(p.metrics ? { metrics: { ...p.metrics } } : {}),
    });
  }
  const numbers = [...(objects.media ?? []), ...(objects.posts ?? [])].map((o) => Number(/_(\d+)$/.exec(o.id)?.[1] ?? 0));
  state.nextId = Math.max(state.nextId, ...numbers.map((n) => n + 1));
  return { media: objects.media?.length ?? 0, posts: objects.posts?.length ?? 0 };
}

interface SavedState {
  version: 1;
  nextId: number;
  tokens: StandinToken[];
  codes: OAuthCode[];
  containers: StandinContainer[];
  media: StandinMedia[];
  posts: StandinPost[];
  photos: StandinPhoto[];
  comments: StandinComment[];
  publishes: [string, number[]][];
}

/**
 * Reads a state file written by `saveState` into `state` (the accounts stay the options'). A
 * missing or unreadable file leaves the state fresh: the demo's fixed tokens still work.
 */
export function loadState(file: string, state: StandinState): boolean {
  if (!existsSync(file)) return false;
  let saved: SavedState;
  try {
    saved = JSON.parse(readFileSync(file, "utf8")) as SavedState;
  } catch {
    return false;
  }
  if (saved.version !== 1) return false;
  const fill = <T extends { id: string }>(map: Map<string, T>, rows: T[] | undefined) => {
    for (const row of rows ?? []) map.set(row.id, row);
  };
  for (const token of saved.tokens ?? []) state.tokens.set(token.token, token);
  for (const code of saved.codes ?? []) state.codes.set(code.code, code);
  fill(state.containers, saved.containers);
  fill(state.media, saved.media);
  fill(state.posts, saved.posts);
  fill(state.photos, saved.photos);
  fill(state.comments, saved.comments);
  for (const [owner, times] of saved.publishes ?? []) state.publishes.set(owner, times);
  state.nextId = Math.max(state.nextId, Number(saved.nextId) || 1);
  return true;
}

/** Writes the state (tokens included: owner-only file, local data directory) atomically. */
export function saveState(file: string, state: StandinState): void {
  const saved: SavedState = {
    version: 1,
    nextId: state.nextId,
    tokens: [...state.tokens.values()],
    codes: [...state.codes.values()],
    containers: [...state.containers.values()],
    media: [...state.media.values()],
    posts: [...state.posts.values()],
    photos: [...state.photos.values()],
    comments: [...state.comments.values()],
    publishes: [...state.publishes.entries()],
  };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(saved), { mode: 0o600 });
  renameSync(temporary, file);
}
