import { describe, expect, it } from "vitest";
import { receiptWhatsappHref, receiptWhatsappText } from "../../../app/components/sales/receipt-text.ts";
import { pixSettingsSchema } from "../../../shared/finance/pix-settings.ts";
import { checkoutTxid } from "../../../shared/finance/pix-txid.ts";
import { readBrCode, pixCopiaECola } from "../../../shared/pix/br-code.ts";

const RECEIPT = {
  business: "Salão da Conceição",
  numero: 42,
  soldAt: "2026-11-27T15:30:00.000Z",
  status: "concluida" as const,
  items: [
    { description: "Shampoo 300 ml", quantityMilli: 2000, totalCentavos: 7980 },
    { description: "Corte feminino", quantityMilli: 1000, totalCentavos: 8000 },
  ],
  discountCentavos: 0,
  totalCentavos: 15980,
  changeCentavos: 20,
  payments: [
    { method: "pix" as const, amountCentavos: 10000, installments: 1 },
    { method: "dinheiro" as const, amountCentavos: 5980, installments: 1 },
  ],
  installments: [{ number: 1, of: 1, amountCentavos: 3000, dueOn: "2026-12-10", status: "aberta" }],
};

describe("the receipt's WhatsApp summary", () => {
  it("says the business, number, local time, items, total, payments, change and what is still due", () => {
    const text = receiptWhatsappText(RECEIPT, "America/Sao_Paulo");
    expect(text).toContain("*Salão da Conceição*");
    expect(text).toContain("Venda nº 42 · 27/11/2026 12:30");
    expect(text).toContain("2 × Shampoo 300 ml: R$ 79,80");
    expect(text).toContain("*Total: R$ 159,80*");
    expect(text).toContain("Pix: R$ 100,00");
    expect(text).toContain("Troco: R$ 0,20");
    expect(text).toContain("1/1 · 10/12/2026 · R$ 30,00");
    expect(text).not.toContain("VENDA CANCELADA");
  });

  it("a cancelled sale says so and lists no installments to pay", () => {
    const text = receiptWhatsappText({ ...RECEIPT, status: "cancelada" }, "America/Sao_Paulo");
    expect(text).toContain("VENDA CANCELADA");
    expect(text).not.toContain("Parcelas a vencer");
  });

  it("wa.me goes to the client's phone when known, the text URL-encoded", () => {
    expect(receiptWhatsappHref("(11) 91234-5678", "Olá & até")).toBe("https://wa.me/5511912345678?text=Ol%C3%A1%20%26%20at%C3%A9");
    expect(receiptWhatsappHref(null, "x")).toBe("https://wa.me/?text=x");
    expect(receiptWhatsappHref("123", "x")).toBe("https://wa.me/?text=x");
  });
});

describe("the Pix settings", () => {
  it("stores the canonical key and the name and city as the BR Code carries them", () => {
    const parsed = pixSettingsSchema.safeParse({
      pixChaveTipo: "telefone",
      pixChave: "(11) 91234-5678",
      pixNome: "Salão da Conceição Beleza & Estética",
      pixCidade: "São João del-Rei",
    });
    expect(parsed.success && parsed.data).toEqual({
      pixChaveTipo: "telefone",
      pixChave: "+5511912345678",
      pixNome: "SALAO DA CONCEICAO BELEZA",
      pixCidade: "SAO JOAO DEL-RE",
    });
  });

  it("refuses a key that does not fit its kind, with the key's pt-BR message on its field", () => {
    const parsed = pixSettingsSchema.safeParse({ pixChaveTipo: "cpf", pixChave: "123.456.789-00", pixNome: "Loja", pixCidade: "Recife" });
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path).toEqual(["pixChave"]);
    expect(issue?.message).toMatch(/^Chave Pix inválida: informe um CPF/);
  });

  it("refuses an unknown kind and a name with nothing left after normalising", () => {
    expect(pixSettingsSchema.safeParse({ pixChaveTipo: "boleto", pixChave: "x", pixNome: "Loja", pixCidade: "Recife" }).success).toBe(
      false,
    );
    const parsed = pixSettingsSchema.safeParse({ pixChaveTipo: "email", pixChave: "a@b.com.br", pixNome: "★★★", pixCidade: "Recife" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["pixNome"]);
  });

  it("the checkout's txid is short letters and digits, the same for the same draft, and encodes", () => {
    const txid = checkoutTxid("4f1c2d3e-aaaa-4bbb-8ccc-123456789abc");
    expect(txid).toBe("PDV4F1C2D3EAAAA");
    expect(txid).toMatch(/^[A-Z0-9]{1,25}$/);
    const code = pixCopiaECola({
      key: { kind: "email", value: "loja@exemplo.com.br" },
      amountCentavos: 10000,
      merchantName: "LOJA",
      merchantCity: "RECIFE",
      txid,
    });
    expect(readBrCode(code)).toMatchObject({ amount: "100.00", txid, key: "loja@exemplo.com.br" });
  });
});
