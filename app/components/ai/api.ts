/**
 * The few JSON calls /ai-content makes (the API of ADR 055 and 057), with the server's pt-BR
 * message on a refusal. Types only from the contracts: zod stays out of the page's JavaScript.
 */
import { AI_GENERATION_PATHS } from "../../../shared/ai/generation-paths.ts";

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

const OFFLINE = "Sem conexão com o Alicerce. Verifique a internet e tente de novo.";

export async function callApi<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<Answer<T>> {
  try {
    const res = await fetch(path, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers: { accept: "application/json", ...(init.json === undefined ? {} : { "content-type": "application/json" }) },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    const body = (await res.json().catch(() => null)) as { data?: T; error?: { message?: string } } | null;
    if (res.ok && body && "data" in body) return { ok: true, data: body.data as T };
    return { ok: false, status: res.status, message: body?.error?.message ?? `O Alicerce não respondeu como esperado (${res.status}).` };
  } catch {
    return { ok: false, status: 0, message: OFFLINE };
  }
}

/** The generation API's paths (zod-free, shared/ai/generation-paths.ts) and the month plan's drafts. */
export const AI_PATHS = {
  ...AI_GENERATION_PATHS,
  drafts: (id: string) => `/api/ai-generations/${id}/rascunhos`,
} as const;
