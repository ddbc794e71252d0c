import { describe, expect, it } from "vitest";
import {
  CAPTION_MAX_LENGTH,
  captionCounterText,
  captionOverLimit,
  captionProblems,
  countCaption,
  hashtagsOf,
  mediaProblem,
} from "../../../shared/social/caption-rules.ts";

describe("counting a caption the way Instagram counts", () => {
  it("counts accented hashtags whole, and each of glued tags", () => {
    expect(hashtagsOf("Novo! #apartamentoàvenda #São_Paulo #praia#verão")).toEqual([
      "#apartamentoàvenda",
      "#São_Paulo",
      "#praia",
      "#verão",
    ]);
  });
  it("counts an accent typed as a combining mark as one character (NFC)", () => {
    expect(countCaption("cafe\u0301").length).toBe(4);
    expect(hashtagsOf("#vende\u0301")).toEqual(["#vendé"]);
  });
  it("counts emoji by their UTF-16 length, as Instagram's counter does", () => {
    expect(countCaption("🏡").length).toBe(2);
    expect(countCaption("🇧🇷").length).toBe(4);
    expect(countCaption("Casa 🏡 #praia").hashtags).toBe(1);
  });
  it("takes neither a number alone, an e-mail, a URL's fragment nor an HTML entity as a tag or mention", () => {
    const count = countCaption("Ligue #1 vendas@imob.com.br https://imob.com.br/#fotos?x=@y &#123; www.site.com/@perfil");
    expect(count.hashtags).toBe(0);
    expect(count.mentions).toBe(0);
  });
  it("counts mentions of usernames with dots and underscores, and URLs by their full length", () => {
    const caption = "Com @maria.corretora e @imob_sp: https://alicerce.app/imovel/ap-0012";
    expect(countCaption(caption)).toEqual({ length: caption.length, hashtags: 0, mentions: 2 });
  });
});

describe("the limits", () => {
  it("accepts 2,200 characters, 30 hashtags and 20 mentions", () => {
    const tags = Array.from({ length: 30 }, (_, i) => `#tag${i}`).join(" ");
    const mentions = Array.from({ length: 20 }, (_, i) => `@perfil${i}`).join(" ");
    const caption = `${tags} ${mentions} `.padEnd(CAPTION_MAX_LENGTH, "a");
    expect(captionProblems(caption)).toEqual([]);
    expect(captionOverLimit(countCaption(caption))).toBe(false);
  });
  it("refuses one more of each, saying by how much in pt-BR", () => {
    const tags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(" ");
    const mentions = Array.from({ length: 21 }, (_, i) => `@perfil${i}`).join(" ");
    const problems = captionProblems(`${tags} ${mentions} `.padEnd(2301, "a"));
    expect(problems).toEqual([
      "A legenda tem 2.301 caracteres; o Instagram aceita até 2.200. Corte 101.",
      "A legenda tem 31 hashtags; o Instagram aceita até 30. Tire 1.",
      "A legenda tem 21 menções; o Instagram aceita até 20. Tire 1.",
    ]);
  });
  it("refuses an emoji that takes the caption past 2,200", () => {
    expect(captionProblems(`${"a".repeat(2199)}🏡`)).toHaveLength(1);
    expect(captionProblems(`${"a".repeat(2198)}🏡`)).toEqual([]);
  });
});

describe("the live counter", () => {
  it("reads as the editor shows it", () => {
    expect(captionCounterText({ length: 1234, hashtags: 5, mentions: 1 })).toBe("1.234/2.200 · 5/30 hashtags · 1/20 menções");
  });
});

describe("media", () => {
  it("takes one image or a carousel of 2 to 10", () => {
    for (const n of [1, 2, 10]) expect(mediaProblem(n, true)).toBeNull();
    expect(mediaProblem(11, false)).toBe("Um carrossel tem no máximo 10 imagens; você escolheu 11. Tire 1.");
  });
  it("needs an image for Instagram only", () => {
    expect(mediaProblem(0, true)).toBe("O Instagram precisa de uma imagem ou de um carrossel de 2 a 10 imagens.");
    expect(mediaProblem(0, false)).toBeNull();
  });
});
