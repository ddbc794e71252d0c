import { describe, expect, it } from "vitest";
import { attemptStepLabel } from "../../shared/social/attempt-steps.ts";
import {
  facebookMetrics,
  insightValues,
  instagramMetrics,
  metaInstant,
  needsReconnect,
  readFailureCode,
  readFailureMessage,
} from "../../shared/social/insights-rules.ts";
import {
  decodeCursor,
  encodeCursor,
  isFiltered,
  keysetPage,
  parseSocialListQuery,
  periodRange,
  socialListHref,
} from "../../shared/social/social-list-query.ts";

/** The social lists' URL rules (filters, cursors, pages, periods) and the insights read's rules. */

const q = (search: string) => parseSocialListQuery(new URLSearchParams(search));

describe("the social lists' URL", () => {
  it("keeps what the list offers and drops the rest, never throwing", () => {
    expect(q("resultado=falhou&rede=instagram&conta=abc-123&ordem=antigas&origem=conta&q=%20casa%20")).toMatchObject({
      resultado: "falhou",
      rede: "instagram",
      conta: "abc-123",
      ordem: "antigas",
      origem: "conta",
      q: "casa",
    });
    expect(q("resultado=explodiu&rede=orkut&conta=a;b&ordem=x&origem=y&de=2026-02-30&ate=ontem")).toMatchObject({
      resultado: null,
      rede: null,
      conta: null,
      ordem: "recentes",
      origem: "todos",
      de: null,
      ate: null,
    });
    // A range typed backwards is the same days.
    expect(q("de=2026-11-30&ate=2026-11-01")).toMatchObject({ de: "2026-11-01", ate: "2026-11-30" });
    expect(isFiltered(q(""))).toBe(false);
    expect(isFiltered(q("ordem=antigas"))).toBe(false);
    expect(isFiltered(q("de=2026-11-01"))).toBe(true);
  });

  it("round-trips cursors and refuses any it did not write", () => {
    const cursor = { at: Date.parse("2026-11-20T12:00:00Z"), id: "c54e9118-5c80-4ec7-a1b1-4f2b4a49fa1a" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ["", ".", "zz", "-1.abc", "abc.", "abc.a b", "1.x'; drop table"]) expect(decodeCursor(bad)).toBeNull();
    // `antes` is ignored when `apos` is there (one direction at a time).
    expect(q(`apos=${encodeCursor(cursor)}&antes=${encodeCursor(cursor)}`).antes).toBeNull();
  });

  it("writes the canonical URL: filters in a fixed order, defaults left out, the page last", () => {
    const query = q("ordem=antigas&rede=facebook&q=casa&resultado=falhou");
    expect(socialListHref("/historico", query)).toBe("/historico?q=casa&resultado=falhou&rede=facebook&ordem=antigas");
    expect(socialListHref("/historico", q("ordem=recentes&origem=todos"))).toBe("/historico");
    expect(socialListHref("/historico", query, { apos: { at: 36, id: "x" } })).toBe(
      "/historico?q=casa&resultado=falhou&rede=facebook&ordem=antigas&apos=10.x",
    );
  });

  it("pages by keyset: next when a row more came, previous after a forward step, both ways when reading back", () => {
    const rows = Array.from({ length: 4 }, (_, i) => ({ at: 100 - i, id: `r${i}` }));
    const first = keysetPage(rows, q(""), "/h", 3);
    expect(first.rows.map((r) => r.id)).toEqual(["r0", "r1", "r2"]);
    expect(first.prevHref).toBeNull();
    expect(first.nextHref).toBe(`/h?apos=${encodeCursor({ at: 98, id: "r2" })}`);
    expect(first.firstHref).toBeNull();
    const last = keysetPage(rows.slice(0, 2), q(`apos=${encodeCursor({ at: 98, id: "r2" })}`), "/h", 3);
    expect(last.nextHref).toBeNull();
    expect(last.prevHref).toBe(`/h?antes=${encodeCursor({ at: 100, id: "r0" })}`);
    expect(last.firstHref).toBe("/h");
    // Read backwards (oldest first) with one extra: the page is reversed, and an earlier page exists.
    const back = keysetPage([...rows].reverse(), q(`antes=${encodeCursor({ at: 90, id: "z" })}`), "/h", 3);
    expect(back.rows.map((r) => r.id)).toEqual(["r1", "r2", "r3"]);
    expect(back.prevHref).toBe(`/h?antes=${encodeCursor({ at: 99, id: "r1" })}`);
    expect(back.nextHref).toBe(`/h?apos=${encodeCursor({ at: 97, id: "r3" })}`);
  });

  it("reads a period as the organização's calendar days, daylight saving time included", () => {
    const sp = periodRange(q("de=2026-11-20&ate=2026-11-20"), "America/Sao_Paulo");
    expect(sp.from?.toISOString()).toBe("2026-11-20T03:00:00.000Z");
    expect(sp.to?.toISOString()).toBe("2026-11-21T03:00:00.000Z");
    expect(periodRange(q("de=2026-11-20"), "America/Manaus").from?.toISOString()).toBe("2026-11-20T04:00:00.000Z");
    // São Paulo 2018-11-04 began at 01:00 (-02): that day has 23 hours.
    const dst = periodRange(q("de=2018-11-04&ate=2018-11-04"), "America/Sao_Paulo");
    expect(dst.from?.toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(dst.to?.toISOString()).toBe("2018-11-05T02:00:00.000Z");
    expect(periodRange(q(""), "America/Sao_Paulo")).toEqual({ from: null, to: null });
  });
});

describe("the insights read", () => {
  it("reads Meta's insights answers, old and new shapes, ignoring what is not a count", () => {
    expect(
      insightValues({
        data: [
          { name: "reach", values: [{ value: 120 }] },
          { name: "likes", total_value: { value: 7 } },
          { name: "saved", values: [{ value: "x" }] },
          { values: [{ value: 3 }] },
        ],
      }),
    ).toEqual({ reach: 120, likes: 7 });
    expect(insightValues(null)).toEqual({});
    expect(instagramMetrics({ reach: 10, saved: 2 }, { like_count: 5, comments_count: 1 })).toEqual({
      alcance: 10,
      curtidas: 5,
      comentarios: 1,
      compartilhamentos: null,
      salvamentos: 2,
    });
  });

  it("counts a Page post's reactions, comments and shares (none shared: zero, not unknown)", () => {
    const fields = { reactions: { summary: { total_count: 9 } }, comments: { summary: { total_count: 2 } } };
    expect(facebookMetrics({ post_total_media_view_unique: 300 }, fields)).toEqual({
      alcance: 300,
      curtidas: 9,
      comentarios: 2,
      compartilhamentos: 0,
      salvamentos: null,
    });
    expect(facebookMetrics({}, null)).toMatchObject({ alcance: null, curtidas: null, compartilhamentos: null });
  });

  it("explains a failed read in pt-BR with its raw code; only 190 means reconnecting", () => {
    expect(needsReconnect({ kind: "meta", code: 190, subcode: 460 })).toBe(true);
    expect(needsReconnect({ kind: "meta", code: 10 })).toBe(false);
    expect(needsReconnect({ kind: "timeout" })).toBe(false);
    expect(readFailureCode({ kind: "meta", code: 190, subcode: 460 })).toBe("190/460");
    expect(readFailureCode({ kind: "timeout" })).toBe("tempo");
    expect(readFailureMessage({ kind: "meta", code: 190 })).toMatch(/Reconecte/);
    expect(readFailureMessage({ kind: "meta", code: 200 })).toMatch(/permissão/);
    expect(readFailureMessage({ kind: "meta", code: 613 })).toMatch(/limitou/);
    expect(readFailureMessage({ kind: "network" })).toMatch(/não respondeu/);
  });

  it("reads Meta's instants (+0000) and names the publishing steps in pt-BR", () => {
    expect(metaInstant("2026-11-20T12:00:00+0000")?.toISOString()).toBe("2026-11-20T12:00:00.000Z");
    expect(metaInstant("ontem")).toBeNull();
    expect(attemptStepLabel("container")).toBe("Enviar a imagem à Meta");
    expect(attemptStepLabel("novo_passo")).toBe("Novo passo");
  });
});
