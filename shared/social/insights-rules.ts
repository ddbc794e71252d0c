/**
 * The daily metrics read's rules, pure (unit-tested): which numbers Meta's answers hold, and what
 * a failed read says in pt-BR. The publishing engine's own error texts live with it; these are
 * about reading, where nothing is lost by waiting a day.
 */

/** Metrics as our tables keep them (null: Meta did not give that one). */
export interface PostMetrics {
  alcance: number | null;
  curtidas: number | null;
  comentarios: number | null;
  compartilhamentos: number | null;
  salvamentos: number | null;
}

export const NO_METRICS: PostMetrics = { alcance: null, curtidas: null, comentarios: null, compartilhamentos: null, salvamentos: null };

/** Instagram media insights (FEED posts; Meta refuses the old `impressions` since v22). */
export const INSTAGRAM_MEDIA_METRICS = ["reach", "likes", "comments", "shares", "saved"] as const;
/** Facebook Page post reach: `post_impressions_unique` was retired in 2025 for this one. */
export const FACEBOOK_POST_METRICS = ["post_total_media_view_unique"] as const;
/** A Page post's counts, read as fields (likes are reactions, as the Page shows them). */
export const FACEBOOK_POST_COUNT_FIELDS = "reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares";

interface InsightsAnswer {
  data?: { name?: unknown; values?: { value?: unknown }[]; total_value?: { value?: unknown } }[];
}

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

/** `{ data: [{ name, values: [{ value }] }] }` (or v22's `total_value`) → metric name → number. */
export function insightValues(answer: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of (answer as InsightsAnswer | null)?.data ?? []) {
    if (typeof item?.name !== "string") continue;
    const value = count(item.total_value?.value ?? item.values?.[item.values.length - 1]?.value);
    if (value !== null) out[item.name] = value;
  }
  return out;
}

/** An Instagram media's metrics from its insights and, when given, the counts its listing carried. */
export function instagramMetrics(
  insights: Record<string, number>,
  listed?: { like_count?: unknown; comments_count?: unknown },
): PostMetrics {
  return {
    alcance: insights.reach ?? null,
    curtidas: insights.likes ?? count(listed?.like_count),
    comentarios: insights.comments ?? count(listed?.comments_count),
    compartilhamentos: insights.shares ?? null,
    salvamentos: insights.saved ?? null,
  };
}

interface FacebookCounts {
  reactions?: { summary?: { total_count?: unknown } };
  comments?: { summary?: { total_count?: unknown } };
  shares?: { count?: unknown };
}

/** A Page post's metrics from its fields (reactions, comments, shares) and its reach insight. */
export function facebookMetrics(insights: Record<string, number>, fields: unknown): PostMetrics {
  const f = (fields ?? {}) as FacebookCounts;
  return {
    alcance: insights.post_total_media_view_unique ?? null,
    curtidas: count(f.reactions?.summary?.total_count),
    comentarios: count(f.comments?.summary?.total_count),
    // Meta omits `shares` on a post nobody shared.
    compartilhamentos: f.shares === undefined ? (f.reactions ? 0 : null) : count(f.shares.count),
    salvamentos: null,
  };
}

/** What a failed read tells: Meta's code (as the history writes it) and whether it means reconnecting. */
export interface ReadFailure {
  kind: "meta" | "network" | "timeout" | "account";
  code?: number | undefined;
  subcode?: number | undefined;
}

/** A revoked or expired token (190): the account must be reconnected before anything else works. */
export function needsReconnect(failure: ReadFailure): boolean {
  return failure.kind === "meta" && failure.code === 190;
}

const RATE_LIMITS = new Set([4, 17, 32, 613]);

/** The pt-BR line the account's last read keeps (what the owner sees on the posts screens). */
export function readFailureMessage(failure: ReadFailure): string {
  if (failure.kind === "network" || failure.kind === "timeout") {
    return "A Meta não respondeu a tempo. As métricas serão lidas de novo na próxima leitura diária.";
  }
  if (failure.kind === "account") return "A conta não pôde ser lida: reconecte-a em Conectar Redes.";
  const code = failure.code;
  if (code === 190) return "A Meta não aceita mais o acesso desta conta (token revogado ou expirado). Reconecte a conta em Conectar Redes.";
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    return "Falta a permissão de ler as métricas (pages_read_engagement ou instagram_manage_insights). Reconecte e marque essa permissão.";
  }
  if (code !== undefined && RATE_LIMITS.has(code)) {
    return "A Meta limitou as leituras desta conta por agora. As métricas serão lidas de novo na próxima leitura diária.";
  }
  return "A Meta recusou a leitura das métricas. Tentaremos de novo na próxima leitura diária; se continuar, veja o código com o suporte.";
}

/** "190", "190/460", "rede": the raw code as the history writes it. */
export function readFailureCode(failure: ReadFailure): string {
  if (failure.kind !== "meta") return failure.kind === "account" ? "conta" : failure.kind === "timeout" ? "tempo" : "rede";
  if (failure.code === undefined) return "meta";
  return failure.subcode ? `${failure.code}/${failure.subcode}` : String(failure.code);
}

/** The instant Meta writes ("2026-11-20T12:00:00+0000"), or null. */
export function metaInstant(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(ms) ? null : new Date(ms);
}
