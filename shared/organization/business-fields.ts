import type { z } from "zod";
import { SEGMENT } from "../enums/account.ts";

/**
 * What the sign-up onboarding and the business profile (/config) share, and the profile's
 * constants its screen needs: zod-free at run time, so /config's chunk loads its schema lazily.
 */

export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

export const SEGMENT_OPTIONS = SEGMENT.options;

/** Logo limits of the business profile; the server also checks the file's first bytes (see worker/services/organization/organization.ts). */
export const LOGO_MAX_KB = 2048;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** Segments whose business needs a CRECI (real estate). */
export function needsCreci(segment: unknown): boolean {
  return segment === "imobiliaria" || segment === "corretor";
}

/**
 * CRECI is required for real estate. Runs even when other fields failed (`when`), so the
 * person sees every problem at once.
 */
export const creciRule = [
  (v: { segmento?: unknown; creci?: unknown }, ctx: z.RefinementCtx) => {
    if (needsCreci(v.segmento) && !v.creci) ctx.addIssue({ code: "custom", path: ["creci"], message: "O campo CRECI é obrigatório" });
  },
  { when: () => true },
] as const;
