import { z } from "zod";
import { blankToUndefined, messages } from "../validation.ts";

/**
 * An Instagram username as Instagram allows it: 1–30 letters, digits, periods and underscores,
 * never starting or ending with a period nor with two periods in a row. Stored lower-case and
 * without "@" (Instagram's usernames are case-insensitive). Pure and client-safe.
 */
const USERNAME = /^(?!\.)(?!.*\.\.)(?!.*\.$)[a-z0-9._]{1,30}$/;

/** Paths of instagram.com that are not a profile. */
const NOT_PROFILES = new Set(["p", "reel", "reels", "stories", "explore", "accounts", "direct", "tv"]);

/**
 * What people paste → the bare username, or null when it is none: "@Casa.Bela",
 * "casa.bela", "instagram.com/casa.bela/", "https://www.instagram.com/casa.bela?igsh=…".
 */
export function parseInstagramHandle(raw: string): string | null {
  let v = raw.trim();
  const url = /^(?:https?:\/\/)?(?:www\.|m\.)?instagram\.com\/([^/?#\s]+)\/?(?:[?#].*)?$/i.exec(v);
  if (url) {
    if (NOT_PROFILES.has((url[1] ?? "").toLowerCase())) return null;
    v = url[1] ?? "";
  }
  v = v.replace(/^@/, "").toLowerCase();
  return USERNAME.test(v) ? v : null;
}

/** The form's and the API's field: required, a valid username (or a profile link), → bare and lower-case. */
export function instagramHandle(field: string): z.ZodType<string, unknown> {
  const error = (iss: { input?: unknown }) =>
    iss.input === undefined
      ? messages.required(field)
      : `O campo ${field} deve ser um usuário do Instagram válido: até 30 letras, números, pontos e sublinhados (ex.: @casabela.imoveis)`;
  return z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === "string" ? (parseInstagramHandle(b) ?? { invalid: b }) : b;
  }, z.string({ error }));
}
