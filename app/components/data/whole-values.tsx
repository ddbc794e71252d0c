import type { ReactNode } from "react";

/**
 * Values a reader takes in whole: CNPJ, CPF, phone, date (and time), money (and "/mês"), CEP.
 * "52.904.478/0001-40" broken after "/00" or "R$" left at a line's end is misread.
 */
const WHOLE_VALUE =
  /\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{3}\.\d{3}\.\d{3}-\d{2}|\(\d{2}\) \d{4,5}-\d{4}|\d{2}\/\d{2}\/\d{4}(?: (?:às )?\d{2}:\d{2})?|-?R\$\s?[\d.]+,\d{2}(?:\/mês)?|\b\d{5}-\d{3}\b/g;

/**
 * Text with every such value kept on one line (a nowrap span), so any cell, whatever its
 * resource, wraps only between words and around the values: "Comprar · Perdizes · até
 * R$ 880.000,00" may wrap, its amount may not.
 */
export function KeepWhole({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(WHOLE_VALUE)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} className="whitespace-nowrap">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  if (parts.length === 1) return parts[0];
  // One element: on a phone the cell is a flex row (label, value), where loose pieces would become columns.
  return <span>{parts}</span>;
}

/** An e-mail or a web address: one long "word" that may break only at its punctuation. */
const ADDRESS = /^[^\s@]+@[^\s@]+$|^(?:https?:\/\/|www\.)\S+$/;

export function isAddress(text: string): boolean {
  return ADDRESS.test(text);
}

/**
 * An e-mail or URL with break points where a reader expects them (after "@" and "/", before
 * "."), so a narrow column shows "adm@ / aliancacontabil.com.br", never "adm@aliancaconta / bil".
 * Any other text is returned as it is.
 */
export function BreakableAddress({ text }: { text: string }): ReactNode {
  if (!isAddress(text)) return text;
  return text.split(/(?<=@)|(?<=[^/:]\/)|(?=\.)/).flatMap((part, i) => (i > 0 ? [<wbr key={i} />, part] : [part]));
}
