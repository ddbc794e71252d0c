import type { ReactNode } from "react";
import type { Claim, PostVariant } from "../../../../shared/ai/contracts.ts";
import type { FactSheet } from "../../../../shared/ai/facts.ts";

/**
 * One generated variant as the person compares them (issue 20): the caption with every factual
 * claim marked (and the record's field it comes from in its title, read by screen readers), then
 * the call to action, the hashtags, the first comment and the alt texts.
 */

interface Piece {
  text: string;
  claim: Claim | null;
}

/** The caption cut around each claim's first occurrence, in order (claims not found are skipped). */
export function claimPieces(text: string, claims: readonly Claim[]): Piece[] {
  const spans: { start: number; end: number; claim: Claim }[] = [];
  for (const claim of claims) {
    if (!claim.trecho) continue;
    const start = text.indexOf(claim.trecho);
    if (start < 0) continue;
    const end = start + claim.trecho.length;
    if (spans.some((s) => start < s.end && end > s.start)) continue;
    spans.push({ start, end, claim });
  }
  spans.sort((a, b) => a.start - b.start);
  const out: Piece[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.start > at) out.push({ text: text.slice(at, s.start), claim: null });
    out.push({ text: text.slice(s.start, s.end), claim: s.claim });
    at = s.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), claim: null });
  return out;
}

function fieldLabel(sheet: FactSheet, campo: string): string {
  return sheet.fatos.find((f) => f.campo === campo)?.rotulo ?? campo;
}

export function ClaimText({ text, claims, sheet }: { text: string; claims: readonly Claim[]; sheet: FactSheet }): ReactNode {
  return claimPieces(text, claims).map((piece, i) =>
    piece.claim ? (
      <mark key={i} className="rounded bg-accent-soft px-0.5 text-fg" title={`Do cadastro: ${fieldLabel(sheet, piece.claim.campo)}`}>
        {piece.text}
        <span className="sr-only"> (do cadastro: {fieldLabel(sheet, piece.claim.campo)})</span>
      </mark>
    ) : (
      <span key={i}>{piece.text}</span>
    ),
  );
}

export function VariantCard({ variant, sheet }: { variant: PostVariant; sheet: FactSheet }) {
  return (
    <div className="min-w-0 space-y-3 text-sm">
      <p className="whitespace-pre-line break-words">
        <ClaimText text={variant.legenda} claims={variant.afirmacoes} sheet={sheet} />
      </p>
      <p className="break-words font-medium">
        <ClaimText text={variant.chamada} claims={variant.afirmacoes} sheet={sheet} />
      </p>
      {variant.hashtags.length ? <p className="break-words text-accent">{variant.hashtags.join(" ")}</p> : null}
      {variant.primeiroComentario ? (
        <p className="break-words text-fg-soft">
          <span className="font-medium text-fg">Primeiro comentário: </span>
          {variant.primeiroComentario}
        </p>
      ) : null}
      {variant.textosAlternativos.length ? (
        <details className="text-fg-soft">
          <summary className="cursor-pointer">Textos alternativos ({variant.textosAlternativos.length})</summary>
          <ol className="mt-1 list-decimal space-y-1 ps-5">
            {variant.textosAlternativos.map((alt, i) => (
              <li key={i} className="break-words">
                {alt}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
