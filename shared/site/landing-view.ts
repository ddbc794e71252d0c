/**
 * What the public page's view computes from the saved content, without zod: the landing page
 * editor and the page itself (`/p/{slug}`, its preview) import this, not the schema, so their
 * browser chunks stay small (ADR 029). The schema is in landing-page.ts.
 */

export const SERVICE_SLOTS = [1, 2, 3] as const;

type Slot = (typeof SERVICE_SLOTS)[number];

/** The service texts of the content (`servico1Titulo`, `servico1Texto`, …). */
export type ServiceTexts = { [K in `servico${Slot}Titulo` | `servico${Slot}Texto`]?: string | undefined };

/** The services the page lists (the filled slots). */
export function servicesOf(page: ServiceTexts): { titulo: string; texto: string | undefined }[] {
  return SERVICE_SLOTS.flatMap((n) => {
    const titulo = page[`servico${n}Titulo`];
    return titulo ? [{ titulo, texto: page[`servico${n}Texto`] }] : [];
  });
}

/**
 * Text readable on the chosen colour: white or near-black, whichever has the higher WCAG
 * contrast (the page must stay accessible whatever colour the business picks).
 */
export function textOn(hex: string): "#ffffff" | "#111827" {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#111827") as "#ffffff" | "#111827";
}
