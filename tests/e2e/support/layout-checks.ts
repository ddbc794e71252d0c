/**
 * Layout checks run inside the page: horizontal overflow of the page (with the elements that
 * cause it) and text that breaks where a reader would misread it (a CPF on two lines, "Instagra m").
 */
import type { Page } from "playwright-core";

export interface Overflow {
  viewport: number;
  documentWidth: number;
  bodyWidth: number;
  /** The outermost elements past the right edge, widest first ("div.card > …  right 612px"). */
  offenders: string[];
}

/**
 * Undefined when neither the document nor the body is wider than the window. Elements inside a
 * box that scrolls or clips sideways on purpose (a table in its `overflow-x:auto` frame) and
 * fixed ones (drawers, toasts) do not widen the page, so they are not offenders.
 */
export function pageOverflow(page: Page): Promise<Overflow | undefined> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const documentWidth = document.documentElement.scrollWidth;
    const bodyWidth = document.body.scrollWidth;
    if (documentWidth <= viewport && bodyWidth <= viewport) return undefined;
    const describe = (el: Element): string => {
      const classes = [...el.classList].slice(0, 4).join(".");
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
      const rect = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${classes ? `.${classes}` : ""} "${text}" (left ${Math.round(rect.left)}, width ${Math.round(rect.width)}, right ${Math.round(rect.right)}px)`;
    };
    const contained = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== "visible" || style.position === "fixed") return true;
      }
      return getComputedStyle(el).position === "fixed";
    };
    const past = (el: Element): boolean => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.right > viewport + 0.5;
    };
    const outermost: Element[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (!past(el) || contained(el)) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && past(parent) && !contained(parent)) continue;
      outermost.push(el);
    }
    // None outside a scroller: the page is widened from inside one (a scroller that does not clip
    // the document, an absolutely placed child): name the widest elements past the edge anyway.
    if (!outermost.length) outermost.push(...[...document.body.querySelectorAll("*")].filter(past));
    outermost.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width);
    return { viewport, documentWidth, bodyWidth, offenders: outermost.slice(0, 4).map(describe) };
  });
}

/**
 * Table cells (and a record's fields) whose text breaks badly at the current width: a document,
 * phone, date or amount spread over two lines, or any word split inside. Each as "text — why".
 */
export function badBreaks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Values read whole: CNPJ, CPF, phone, date (and time), money (and "/mês"), CEP.
    const WHOLE =
      /\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{3}\.\d{3}\.\d{3}-\d{2}|\(\d{2}\) \d{4,5}-\d{4}|\d{2}\/\d{2}\/\d{4}(?:,? (?:às )?\d{2}:\d{2})?|-?R\$\s?-?[\d.]+,\d{2}(?:\/mês)?|\d{5}-\d{3}/g;
    const lines = (range: Range): number => {
      const tops = new Set<number>();
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top / 4));
      return tops.size;
    };
    const rangeOf = (node: Node, start: number, end: number): Range => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      return range;
    };
    const out: string[] = [];
    const cells = document.querySelectorAll("main td, main th, main dd, main .dl-cell, main .dl-first");
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        // Text shown only to screen readers (a 1 px clipped box) wraps by design.
        if (!parent || parent.getBoundingClientRect().width <= 1 || getComputedStyle(parent).visibility === "hidden") continue;
        const text = node.textContent ?? "";
        const check = (re: RegExp, why: string) => {
          for (const m of text.matchAll(re)) if (lines(rangeOf(node, m.index, m.index + m[0].length)) > 1) out.push(`"${m[0]}" — ${why}`);
        };
        check(WHOLE, "spans two lines");
        // A break after a hyphen is a break between words ("Vila Nova-Conceição"), and an e-mail or
        // address may break at its punctuation ("adm@ / aliancacontabil.com.br"); any other is a split word.
        check(/[^\s\-@/.]{2,}/g, "word split");
      }
    }
    return [...new Set(out)];
  });
}
