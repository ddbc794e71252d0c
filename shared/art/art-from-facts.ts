import { type Fact, type FactSheet, factOf } from "../ai/facts.ts";
import { formatNumber } from "../format.ts";
import type { ArtContentInput, ArtFact, ArtSlideKind } from "./art-content.ts";

/**
 * What post art shows of a record (issue 20, ADR 056): built from the same fact sheet the caption
 * is checked against, so the image states nothing the record does not. Pure and client-safe: the
 * /gerar-postagem loader hands it to the live preview, its action to the stored render.
 */

/** The facts drawn as big numbers, in the order a buyer reads them. */
const NUMBER_FACTS: readonly { campo: string; rotulo: (n: number) => string }[] = [
  { campo: "quartos", rotulo: (n) => (n === 1 ? "quarto" : "quartos") },
  { campo: "suites", rotulo: (n) => (n === 1 ? "suíte" : "suítes") },
  { campo: "vagas", rotulo: (n) => (n === 1 ? "vaga" : "vagas") },
  { campo: "areaUtil", rotulo: () => "m² úteis" },
  { campo: "areaTotal", rotulo: () => "m² de área" },
  { campo: "areaTerreno", rotulo: () => "m² de terreno" },
  { campo: "banheiros", rotulo: (n) => (n === 1 ? "banheiro" : "banheiros") },
];

const numberOf = (fact: Fact | undefined): number | null => (typeof fact?.valor === "number" ? fact.valor : null);

function artFacts(sheet: FactSheet): ArtFact[] {
  const out: ArtFact[] = [];
  for (const { campo, rotulo } of NUMBER_FACTS) {
    const n = numberOf(factOf(sheet, campo));
    if (n !== null && n > 0) out.push({ valor: formatNumber(n, { maximumFractionDigits: 2 }), rotulo: rotulo(n) });
  }
  // A serviço's duration, as its fact writes it ("1h30").
  const duration = factOf(sheet, "duracao");
  if (duration) out.push({ valor: duration.texto, rotulo: "de duração" });
  return out.slice(0, 6);
}

/** The price as the tag shows it: the sale price, else the rent a month, else the produto's. */
function priceText(sheet: FactSheet): string | null {
  return factOf(sheet, "valorVenda")?.texto ?? factOf(sheet, "valorLocacao")?.texto ?? factOf(sheet, "preco")?.texto ?? null;
}

function tagText(sheet: FactSheet): string | null {
  const purpose = sheet.registro.finalidade;
  if (purpose === "venda") return "À venda";
  if (purpose === "locacao") return "Para alugar";
  if (purpose === "venda_locacao") return "Venda ou locação";
  return null;
}

function placeText(sheet: FactSheet): string | null {
  const parts = [factOf(sheet, "bairro")?.texto, factOf(sheet, "cidade")?.texto].filter((v): v is string => !!v);
  return parts.length ? parts.join(", ") : null;
}

/** The record's link without the scheme ("horizonte.alicerce.app/imovel/…"), as a slide prints it. */
function linkText(link: string | null): string | null {
  return link ? link.replace(/^https?:\/\//, "").replace(/\/$/, "") : null;
}

/** Cut to the art schema's lengths (the templates fit the text; the schema refuses longer). */
const cut = (text: string | null, max: number): string | null =>
  text && text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** The art's content for a record's fact sheet. */
export function artContentOf(sheet: FactSheet): ArtContentInput {
  // An imóvel's description is long and its facts speak; a produto's or serviço's line is its own words.
  const description = sheet.registro.tipo !== "imovel" ? (factOf(sheet, "descricao")?.texto ?? null) : null;
  return {
    titulo: cut(sheet.registro.nome, 120) || "Sem título",
    preco: cut(priceText(sheet), 40),
    selo: tagText(sheet),
    local: cut(placeText(sheet), 120),
    linha: cut(description, 160),
    fatos: artFacts(sheet),
    contato: {
      nome: cut(sheet.negocio.nome || null, 80),
      whatsapp: cut(sheet.negocio.whatsappTexto, 30),
      link: cut(linkText(sheet.negocio.link), 120),
    },
  };
}

/**
 * An alt text for each slide of the art, in the order it is stored: a photo slide takes the
 * variant's alt text of its photo; the facts and contact slides say what they show.
 */
export function slideAltTexts(
  slides: readonly ArtSlideKind[],
  photoAlts: readonly string[],
  content: Pick<ArtContentInput, "titulo" | "fatos" | "contato" | "preco">,
): string[] {
  let photo = 0;
  return slides.map((slide) => {
    if (slide === "capa" || slide === "foto") {
      const own = photoAlts[photo]?.trim();
      const alt = own || (photo === 0 ? `Foto de ${content.titulo}` : `Outra foto de ${content.titulo}`);
      photo += 1;
      return slide === "capa" && content.preco && !alt.includes(content.preco) ? `${alt} ${content.preco}.` : alt;
    }
    if (slide === "ficha") {
      const facts = (content.fatos ?? []).map((f) => `${f.valor} ${f.rotulo}`).join(", ");
      return `Ficha de ${content.titulo}${facts ? `: ${facts}` : ""}.`;
    }
    const c = content.contato;
    const ways = [c?.whatsapp ? `WhatsApp ${c.whatsapp}` : null, c?.link ?? null].filter(Boolean).join(", ");
    return `Contato${c?.nome ? ` de ${c.nome}` : ""}${ways ? `: ${ways}` : ""}.`;
  });
}
