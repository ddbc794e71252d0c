/**
 * The server validates a record's input twice (the route's form, then `validated` in
 * worker/resources/records.ts before writing): the posts schema's output must pass it again.
 * A blank alt text became null on the first pass and a 500 on the second (seen by the form fuzz).
 */
import { describe, expect, it } from "vitest";
import { postSchema } from "../../../shared/resources/posts.ts";
import { validateForm } from "../../../shared/validation.ts";

const PROPERTY = "f1454d04-cc2f-4ed3-b1de-303fc538ea61";

describe("posts schema, parsed twice", () => {
  it("keeps blank alt texts as null, and null passes again", () => {
    const form = new FormData();
    form.set("legenda", "Apartamento de 3 quartos com varanda gourmet em Pinheiros");
    form.set("imovelId", PROPERTY);
    form.append("textosAlternativos", "   ");
    const first = validateForm(postSchema, form);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.data.textosAlternativos).toEqual([null]);
    const second = postSchema.safeParse(first.data);
    expect(second.success, JSON.stringify(second.error?.issues)).toBe(true);
    expect(second.data).toEqual(first.data);
  });

  it("still refuses an alt text that is not text", () => {
    const result = postSchema.safeParse({ legenda: "Casa", textosAlternativos: [42] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain("O texto alternativo não é válido.");
  });
});
