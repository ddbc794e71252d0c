import { createHmac } from "node:crypto";
import { scopesFor } from "../../shared/social/meta-permissions.ts";
import type { FixedToken } from "../../tools/meta-standin/keep.ts";
import {
  ALL_PAGE_TASKS,
  DEMO_INSTAGRAM_ID,
  DEMO_PAGE_ID,
  DEMO_PAGE_WITHOUT_INSTAGRAM_ID,
  DEMO_USER_ID,
  type StandinAccounts,
} from "../../tools/meta-standin/state.ts";

/**
 * The demo business's Meta side, shared by the seed (the connected Page and Instagram account, their
 * sealed tokens) and `npm start` (the local stand-in answers as these accounts and accepts these
 * tokens). Names say "demo" so nobody takes them for real Meta accounts (ADR 050).
 */

export const DEMO_META = {
  user: { id: DEMO_USER_ID, name: "Usuário demo (não é a Meta)" },
  page: { id: DEMO_PAGE_ID, name: "Página demo — Imobiliária Horizonte", category: "Imobiliária" },
  instagram: { id: DEMO_INSTAGRAM_ID, username: "demo.imobiliariahorizonte", name: "Instagram demo — Imobiliária Horizonte" },
  /** A second Page the person only analyses, without Instagram: the connection screens explain why it cannot publish. */
  otherPage: { id: DEMO_PAGE_WITHOUT_INSTAGRAM_ID, name: "Página demo sem Instagram — Horizonte Locações", category: "Imobiliária" },
} as const;

/** What Facebook Login for Business grants the demo: every permission the login asks (shared/social/meta-permissions.ts). */
export const DEMO_META_SCOPES: readonly string[] = scopesFor("facebook_login");

/** The stand-in's accounts under `npm start`: the demo Page linked to the demo Instagram account, and one that cannot publish. */
export function demoStandinAccounts(): StandinAccounts {
  return {
    user: { ...DEMO_META.user },
    pages: [
      {
        id: DEMO_META.page.id,
        name: DEMO_META.page.name,
        category: DEMO_META.page.category,
        tasks: [...ALL_PAGE_TASKS],
        instagramId: DEMO_META.instagram.id,
      },
      { ...DEMO_META.otherPage, tasks: ["ANALYZE"] },
    ],
    instagram: [{ ...DEMO_META.instagram }],
    instagramLoginAccount: DEMO_META.instagram.id,
  };
}

/** The demo connection's two tokens: the person's long-lived one and the Page's. */
export interface DemoMetaTokens {
  user: string;
  page: string;
}

/**
 * The demo's tokens, derived from a per-data-directory secret: the same on every start of that
 * directory (the seed sealed them once; the stand-in must accept them after a restart), different
 * on another machine. Shaped like the stand-in's own (`DEMOFBL…`, `DEMOPAGE…`).
 */
export function demoMetaTokens(secret: string): DemoMetaTokens {
  const derive = (label: string) => createHmac("sha256", secret).update(`alicerce-demo-meta:${label}`).digest("base64url");
  return { user: `DEMOFBL${derive("user")}`, page: `DEMOPAGE${derive("page")}` };
}

/** The tokens as the stand-in takes them: neither expires (the seed still shows the user token's 60 days). */
export function demoFixedTokens(tokens: DemoMetaTokens): FixedToken[] {
  const granted = [...DEMO_META_SCOPES];
  return [
    { token: tokens.user, kind: "fb-user-long", subject: DEMO_META.user.id, granted },
    { token: tokens.page, kind: "fb-page", subject: DEMO_META.page.id, granted },
  ];
}
