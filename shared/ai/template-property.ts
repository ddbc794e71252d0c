import type { Claim, PostVariant } from "./contracts.ts";
import { type FactSheet, factOf } from "./facts.ts";
import type { GenerationGoal, GenerationTone } from "./generation-options.ts";
import { dealer, type Random } from "./template-random.ts";
import { callToAction, emoji, firstComment, goalCloser, hashtagList, isFeminine, toHashtag } from "./template-words.ts";

/**
 * The template generator's captions for an imóvel: three ways of telling the same facts (a
 * list, a short text, a straight headline), each opening and closing in the chosen tone and goal.
 * Every fact it writes is the fact's own `texto`, and each becomes a claim, so the checker bears
 * every variant out (a property test over random imóveis proves it).
 */

interface Writer {
  sheet: FactSheet;
  goal: GenerationGoal;
  tone: GenerationTone;
  rnd: Random;
  claims: Claim[];
}

/** The fact's text, recorded as a claim; "" when the record lacks it. */
function say(w: Writer, campo: string): string {
  const fact = factOf(w.sheet, campo);
  if (!fact) return "";
  if (!w.claims.some((c) => c.campo === campo && c.trecho === fact.texto)) w.claims.push({ trecho: fact.texto, campo });
  return fact.texto;
}

const has = (w: Writer, campo: string) => factOf(w.sheet, campo) !== undefined;

interface Words {
  kind: string;
  Kind: string;
  /** "este" / "esta". */
  este: string;
  offer: string;
  /** "em Pinheiros" / "em Santos" / "". */
  where: string;
}

function words(w: Writer): Words {
  // "Terreno/Lote" reads "Terreno", "Kitnet/Studio" "Kitnet": the kind as a sentence says it.
  const Kind = (factOf(w.sheet, "tipo")?.texto ?? "Imóvel").split("/")[0] as string;
  if (has(w, "tipo")) w.claims.push({ trecho: Kind, campo: "tipo" });
  const kind = Kind.toLocaleLowerCase("pt-BR");
  const place = has(w, "bairro") ? say(w, "bairro") : has(w, "cidade") ? say(w, "cidade") : "";
  const offer = has(w, "finalidade") ? say(w, "finalidade") : "";
  return { kind, Kind, este: isFeminine(Kind) ? "esta" : "este", offer, where: place ? `em ${place}` : "" };
}

const sentence = (...parts: string[]) =>
  parts
    .filter(Boolean)
    .join(" ")
    .replace(/\s+([.,!?:])/g, "$1");

function opening(w: Writer, x: Words): string {
  const options: Record<GenerationTone, string[]> = {
    profissional: [
      sentence(`${x.Kind}`, x.offer, `${x.where}.`),
      sentence(`Conheça ${x.este} ${x.kind}`, x.offer, `${x.where}.`),
      sentence(`Oportunidade ${x.where}:`, x.kind, `${x.offer}.`),
    ],
    acolhedor: [
      sentence(`Que tal começar um novo capítulo ${x.where}?`, "🏡"),
      sentence(`Um lar para chamar de seu ${x.where}.`, "💛"),
      sentence(`Tem ${x.kind}`, x.offer, `esperando por você ${x.where}.`, "🏡"),
    ],
    sofisticado: [
      sentence(`${x.Kind}`, x.offer, `${x.where}.`, "Conforto e bom gosto em cada detalhe."),
      sentence(`Para quem valoriza conforto e localização: ${x.kind}`, x.offer, `${x.where}.`),
      sentence(`Requinte ${x.where}.`, `${x.Kind}`, `${x.offer}.`),
    ],
    descontraido: [
      sentence(`Olha só ${x.este} ${x.kind}`, `${x.where}!`, "😍"),
      sentence(`Procurando ${x.kind} ${x.where}? Achamos!`, "🙌"),
      sentence(`Bora conhecer ${x.este} ${x.kind}`, `${x.offer}?`, "👀"),
    ],
  };
  return w.rnd.pick(options[w.tone]).replace(/\s{2,}/g, " ");
}

/** "3 quartos, sendo 1 suíte" / "3 quartos". */
function rooms(w: Writer): string {
  const q = say(w, "quartos");
  const s = say(w, "suites");
  if (q && s) return `${q}, sendo ${s}`;
  return q || s;
}

function areaText(w: Writer): string {
  if (has(w, "areaUtil")) return `${say(w, "areaUtil")} de área útil`;
  if (has(w, "areaTotal")) return `${say(w, "areaTotal")} de área total`;
  if (has(w, "areaTerreno")) return `${say(w, "areaTerreno")} de terreno`;
  return "";
}

/** The price lines the goal puts first: the rent for alugar, the sale price otherwise. */
function prices(w: Writer): string[] {
  const sale = has(w, "valorVenda") ? `Valor: ${say(w, "valorVenda")}` : "";
  const rent = has(w, "valorLocacao") ? `Aluguel: ${say(w, "valorLocacao")}` : "";
  return w.goal === "alugar" ? [rent, sale].filter(Boolean) : [sale, rent].filter(Boolean);
}

function costs(w: Writer): string {
  const c = has(w, "condominio") ? `Condomínio: ${say(w, "condominio")}` : "";
  const i = has(w, "iptu") ? `IPTU: ${say(w, "iptu")}` : "";
  return [c, i].filter(Boolean).join(" · ");
}

function extras(w: Writer): string {
  const list = ["mobiliado", "aceitaFinanciamento", "aceitaPermuta"].map((c) => say(w, c)).filter(Boolean);
  if (list.length === 0) return "";
  const text = list.join(", ");
  return `${text[0]?.toLocaleUpperCase("pt-BR")}${text.slice(1)}.`;
}

function placeLine(w: Writer): string {
  const parts = [say(w, "bairro"), say(w, "cidade")].filter(Boolean);
  const uf = say(w, "uf");
  const text = parts.join(", ") + (uf && parts.length ? ` - ${uf}` : "");
  return text ? `${w.tone === "sofisticado" ? "Localização: " : "📍 "}${text}` : "";
}

function features(w: Writer, lead: string): string {
  const f = say(w, "caracteristicas");
  return f ? `${lead}${f}.` : "";
}

/** A list of facts, one per line. */
function listStyle(w: Writer, x: Words): string {
  const e = (s: string) => emoji(w.tone, s) || "— ";
  const lines = [
    opening(w, x),
    "",
    rooms(w) && `${e("🛏️")}${rooms(w)}`,
    has(w, "banheiros") ? `${e("🛁")}${say(w, "banheiros")}` : "",
    has(w, "vagas") ? `${e("🚗")}${say(w, "vagas")}` : "",
    areaText(w) && `${e("📐")}${areaText(w)}`,
    has(w, "andar") ? `${e("🏢")}${say(w, "andar")}` : "",
    features(w, e("✨")),
    "",
    ...prices(w).map((p) => `${e("💰")}${p}`),
    costs(w),
    extras(w),
    placeLine(w),
    "",
    goalCloser(w.goal, w.rnd, "imovel"),
  ];
  return lines.join("\n");
}

/** A short text in sentences. */
function proseStyle(w: Writer, x: Words): string {
  const counts = [rooms(w), say(w, "banheiros"), say(w, "vagas")].filter(Boolean);
  const countText = counts.length > 1 ? `${counts.slice(0, -1).join(", ")} e ${counts.at(-1)}` : (counts[0] ?? "");
  const area = areaText(w);
  const body = countText ? `São ${countText}${area ? `, em ${area}` : ""}.` : area ? `São ${area}.` : "";
  const bairro = say(w, "bairro");
  const city = say(w, "cidade");
  const place = bairro ? `Fica no bairro ${bairro}${city ? `, em ${city}` : ""}.` : city ? `Fica em ${city}.` : "";
  const sale = has(w, "valorVenda") ? `O valor de venda é ${say(w, "valorVenda")}.` : "";
  const rent = has(w, "valorLocacao") ? `O aluguel sai por ${say(w, "valorLocacao")}.` : "";
  const priceText = w.goal === "alugar" ? [rent, sale] : [sale, rent];
  const cond = has(w, "condominio") ? `Condomínio de ${say(w, "condominio")}` : "";
  const iptu = has(w, "iptu") ? `IPTU de ${say(w, "iptu")}` : "";
  const costText = [cond, iptu].filter(Boolean).join(" e ");
  const paragraphs = [
    opening(w, x),
    [body, features(w, w.rnd.pick(["Conta com ", "Destaques: ", "Tem "])), place].filter(Boolean).join(" "),
    [...priceText, costText ? `${costText}.` : "", extras(w)].filter(Boolean).join(" "),
    goalCloser(w.goal, w.rnd, "imovel"),
  ];
  return paragraphs.filter(Boolean).join("\n\n");
}

/** A headline with the price, the key numbers on one line. */
function headlineStyle(w: Writer, x: Words): string {
  const title = factOf(w.sheet, "titulo")?.texto;
  const price = prices(w)[0] ?? "";
  const head = title ? title : sentence(x.Kind, x.offer, x.where);
  const keys = [say(w, "quartos"), say(w, "suites"), say(w, "vagas"), areaText(w).replace(/ de .*$/, "")].filter(Boolean);
  const e = (s: string) => emoji(w.tone, s);
  return [
    `${e("🏡")}${head}`.trim(),
    price ? `${e("💰")}${price}`.trim() : "",
    keys.join(" · "),
    features(w, "Destaques: "),
    costs(w),
    extras(w),
    placeLine(w),
    "",
    goalCloser(w.goal, w.rnd, "imovel"),
  ]
    .filter((line, i, all) => line !== "" || (all[i - 1] ?? "") !== "")
    .join("\n");
}

const STYLES = [listStyle, proseStyle, headlineStyle] as const;

function altTexts(w: Writer, x: Words): string[] {
  const subject = sentence(`${x.kind}`, x.offer, x.where);
  // The article agrees with the kind: "foto do apartamento", "foto da casa".
  const of = x.este === "esta" ? "da" : "do";
  const openings = [`Foto ${of}`, `Outra foto ${of}`, `Mais um ângulo ${of}`];
  return w.sheet.imagens.map((image, i) => {
    const own = image.legenda?.trim().replace(/[.!]+$/, "");
    const base = i === 0 ? `Foto de capa: ${subject}.` : `${openings[(i - 1) % openings.length]} ${subject}.`;
    return own ? `${own}. ${base}` : base;
  });
}

function hashtags(w: Writer, x: Words): string[] {
  const bairro = factOf(w.sheet, "bairro")?.texto;
  const cidade = factOf(w.sheet, "cidade")?.texto;
  const goalTags: Record<GenerationGoal, string[]> = {
    vender: ["#imóvelàvenda", "#comprarimóvel", "#casaprópria"],
    alugar: ["#aluguel", "#imóvelparaalugar", "#alugar"],
    divulgar: ["#imóveis", "#oportunidade", "#mercadoimobiliário"],
    engajar: ["#lardocelar", "#casanova", "#inspiração"],
  };
  const quartos = factOf(w.sheet, "quartos")?.valor;
  // A sale tag on a rental (or the reverse) would state a wrong purpose: the record's purpose decides.
  const purpose = w.sheet.registro.finalidade;
  const goal: GenerationGoal =
    (w.goal === "vender" && purpose === "locacao") || (w.goal === "alugar" && purpose === "venda")
      ? purpose === "venda"
        ? "vender"
        : "alugar"
      : w.goal;
  return hashtagList([
    toHashtag(x.kind),
    toHashtag(bairro),
    toHashtag(cidade),
    bairro ? toHashtag(`${x.kind}${bairro}`) : null,
    ...w.rnd.shuffle(goalTags[goal]),
    typeof quartos === "number" ? `#${quartos}quartos` : null,
    ...w.rnd.shuffle(["#imóveis", "#imobiliária", "#corretordeimóveis", "#mercadoimobiliário", "#novolar", "#lardocelar"]).slice(0, 4),
  ]);
}

/** One variant per style, in an order the seed chooses: distinct openings, layouts and calls to action. */
export function propertyVariants(sheet: FactSheet, goal: GenerationGoal, tone: GenerationTone, rnd: Random, count: number): PostVariant[] {
  const styles = rnd.shuffle(STYLES).slice(0, count);
  const offset = Math.floor(rnd.next() * 1_000);
  return styles.map((style, i) => {
    const w: Writer = { sheet, goal, tone, rnd: dealer(rnd, offset, i), claims: [] };
    const x = words(w);
    const legenda = style(w, x)
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    const chamada = callToAction(sheet.negocio, goal, tone, w.rnd, "imovel", `${x.este === "esta" ? "desta" : "deste"} ${x.kind}`);
    const textosAlternativos = altTexts(w, x);
    const primeiroComentario = i === 0 ? null : firstComment(goal, w.rnd);
    const written = [legenda, chamada, ...textosAlternativos, primeiroComentario ?? ""].join("\n");
    return {
      legenda,
      hashtags: hashtags(w, x),
      chamada,
      textosAlternativos,
      primeiroComentario,
      // Only what the text says is claimed (a fact read for an opening the dice did not choose is not).
      afirmacoes: w.claims.filter((c) => written.includes(c.trecho)),
    };
  });
}
