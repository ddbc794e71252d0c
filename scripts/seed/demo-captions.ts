import { PROPERTY_TYPE } from "../../shared/enums/real-estate.ts";
import { formatBRL, formatNumber } from "../../shared/format.ts";
import { normalizeText } from "../../shared/search.ts";
import type { Rng } from "./demo-random.ts";

/**
 * The demo posts' pt-BR captions: a listing's (title, numbers, price, a call to visit, hashtags of
 * its bairro and kind) and the business's own posts (tips, the bairro, the team). Pure; every
 * caption stays within Instagram's rules (shared/social/caption-rules.ts).
 */

/** What a listing's caption says about it. */
export interface CaptionProperty {
  codigo: string;
  titulo: string | null;
  tipo: string | null;
  finalidade: string | null;
  bairro: string | null;
  cidade: string | null;
  quartos: number | null;
  suites: number | null;
  vagas: number | null;
  areaUtil: number | null;
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
}

const OPENERS = ["✨ Novidade na carteira!", "🏡 Acabou de chegar:", "📍 Oportunidade em", "🔑 Pronto para morar:", "☀️ Imóvel da semana:"];
const CLOSERS = [
  "Agende sua visita pelo WhatsApp ou pelo link da bio. 📲",
  "Quer conhecer? Chame a gente no direct que marcamos a visita. 💬",
  "Mais fotos e todos os detalhes no link da bio.",
  "Visitas de segunda a sábado, com hora marcada. Fale com a gente! 📞",
];

/** "#vilamariana": a hashtag of a place name (no accents, no spaces). */
function tag(text: string): string {
  return `#${normalizeText(text).replace(/[^a-z0-9]/g, "")}`;
}

/** "R$ 1.470.000", as listings write whole prices. */
function brl(centavos: number): string {
  return formatBRL(centavos).replace(/,00$/, "");
}

function price(p: CaptionProperty): string {
  const sale = p.valorVendaCentavos ? `Venda: ${brl(p.valorVendaCentavos)}` : "";
  const rent = p.valorLocacaoCentavos ? `Locação: ${brl(p.valorLocacaoCentavos)}/mês` : "";
  return [sale, rent].filter(Boolean).join(" · ");
}

/** The numbers a buyer scans first: "3 quartos (1 suíte) · 2 vagas · 98 m²". */
function facts(p: CaptionProperty): string {
  const parts: string[] = [];
  if (p.quartos)
    parts.push(
      `${p.quartos} ${p.quartos === 1 ? "quarto" : "quartos"}${p.suites ? ` (${p.suites} ${p.suites === 1 ? "suíte" : "suítes"})` : ""}`,
    );
  if (p.vagas) parts.push(`${p.vagas} ${p.vagas === 1 ? "vaga" : "vagas"}`);
  // A farm's area reads in hectares, as rural listings give it.
  if (p.areaUtil)
    parts.push(
      p.areaUtil >= 10_000 ? `${formatNumber(p.areaUtil / 10_000, { maximumFractionDigits: 1 })} ha` : `${Math.round(p.areaUtil)} m²`,
    );
  return parts.join(" · ");
}

/** A listing's post: opener and title, the numbers, the price, a call to visit, hashtags. */
export function propertyCaption(rng: Rng, p: CaptionProperty): string {
  const kind = PROPERTY_TYPE.label(p.tipo ?? "") || "Imóvel";
  const title = p.titulo ?? `${kind} ${p.codigo}`;
  const place = [p.bairro, p.cidade].filter(Boolean).join(", ");
  const opener = rng.pick(OPENERS);
  // In the capital the bairro says where; elsewhere the city does.
  const where = (p.cidade === "São Paulo" ? p.bairro : p.cidade) ?? "São Paulo";
  const head = opener.endsWith("em") ? `${opener} ${where}!\n${title}` : `${opener} ${title}`;
  const tags = [
    "#imoveis",
    p.bairro ? tag(p.bairro) : "",
    p.cidade ? tag(p.cidade) : "",
    tag(`${p.tipo ?? "imovel"}${p.finalidade === "locacao" ? "paraalugar" : "avenda"}`),
    "#imobiliariahorizonte",
  ].filter(Boolean);
  const details = [facts(p), place ? `📍 ${place}` : "", price(p) ? `💰 ${price(p)}` : "", `Código ${p.codigo}.`];
  return [head, details.filter(Boolean).join("\n"), rng.pick(CLOSERS), [...new Set(tags)].join(" ")].join("\n\n");
}

/** The business's own posts (Facebook Page): tips and news a bairro imobiliária shares. */
export const BUSINESS_CAPTIONS: readonly string[] = [
  "📋 Vai financiar? Separe antes: RG e CPF, comprovante de renda dos últimos 3 meses, extrato do FGTS e a última declaração do Imposto de Renda. Com tudo em mãos, a análise do banco sai bem mais rápido.\n\nDúvidas? Chame a gente no WhatsApp. #financiamento #casapropria #dicasimobiliarias",
  "🌳 Pinheiros em foco: metrô Faria Lima e Fradique Coutinho, o Largo da Batata e a feira de sábado na Benedito Calixto. Não é à toa que é um dos bairros mais procurados da Zona Oeste.\n\nConheça os imóveis que temos por aqui. #pinheiros #saopaulo #morarbem",
  "🔎 Antes de assinar o contrato de locação, faça a vistoria com fotos de cada cômodo e anexe ao contrato. Na devolução das chaves, ela é o que garante a sua caução.\n\n#locacao #dicasimobiliarias #inquilino",
  "👋 Conheça nossa equipe! Há mais de 10 anos ajudando famílias a encontrar o imóvel certo na Zona Oeste. Passe para um café: Rua dos Pinheiros, 870, conjunto 42.\n\n#imobiliariahorizonte #equipe #pinheiros",
  "📈 Pensando em vender? Pedimos uma avaliação com base nos negócios fechados do seu prédio e da sua rua nos últimos 12 meses, e não só nos anúncios. Preço certo vende mais rápido.\n\n#vendaseuimovel #avaliacao #mercadoimobiliario",
  "🏦 Usou o FGTS para dar entrada? Ele também pode amortizar o saldo devedor a cada dois anos. Vale a conta: reduz o prazo ou o valor das parcelas.\n\n#fgts #financiamento #dicasimobiliarias",
];
