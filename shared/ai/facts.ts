import { formatDuration } from "../agenda/duration.ts";
import { PRODUCT_UNIT, type ProductUnit } from "../enums/records.ts";
import { IPTU_PERIOD, PROPERTY_FEATURE, PROPERTY_TYPE, type PropertyPurpose, type PropertyStatus } from "../enums/real-estate.ts";
import { maskPhone, nationalPhoneDigits } from "../mask.ts";
import { formatArea, formatCount, formatFloor, formatMoneyShort, joinList, midSentence } from "./fact-format.ts";

/**
 * The facts of a record: the ONLY things AI generation may state about it (ADR 053). Built from
 * plain rows (the loaders in worker/services/ai read them), so the template generator, the prompt
 * and the checker all see the same list. Pure and client-safe.
 *
 * A fact is `{ campo, rotulo, valor, texto }`: the field it comes from, its pt-BR label, the raw
 * value (centavos, m², a count, a name) and how a caption writes it ("R$ 850.000", "3 quartos").
 * Absent or empty fields make no fact: what is not here may not be said.
 */

export type FactValue = string | number | boolean | readonly string[];

export interface Fact {
  campo: string;
  rotulo: string;
  valor: FactValue;
  texto: string;
}

/** Money facts hold centavos; the checker compares prices against them. */
export const MONEY_FIELDS: ReadonlySet<string> = new Set(["valorVenda", "valorLocacao", "condominio", "iptu", "preco"]);
/** Area facts hold m². */
export const AREA_FIELDS: ReadonlySet<string> = new Set(["areaUtil", "areaTotal", "areaTerreno"]);
/** Facts whose value is a place name. */
export const PLACE_FIELDS: ReadonlySet<string> = new Set(["bairro", "cidade", "uf"]);

export interface BusinessInfo {
  nome: string;
  /** National digits ("11912345678"), null when the business has none. */
  whatsapp: string | null;
  /** "(11) 91234-5678". */
  whatsappTexto: string | null;
  /** "https://wa.me/5511912345678". */
  whatsappLink: string | null;
  /** The record's public page, when it has one anyone can open. */
  link: string | null;
  creci: string | null;
  /** Configurações: how the business talks (style, not facts). */
  vozDaMarca: string | null;
}

export interface FactImage {
  id: string;
  /** The photo's own caption, as the corretor wrote it. */
  legenda: string | null;
}

export type RecordKind = "imovel" | "produto" | "servico" | "tema";

export interface FactSheet {
  registro: {
    tipo: RecordKind;
    id: string;
    /** What the record is called on screen ("Apartamento em Pinheiros", "Cimento CP-II 50 kg"). */
    nome: string;
    /** "Apartamento", or the product's category. */
    tipoLabel: string | null;
    finalidade: PropertyPurpose | null;
  };
  fatos: Fact[];
  negocio: BusinessInfo;
  /** The images a post of the record shows, in order (one alt text each). */
  imagens: FactImage[];
  /** Place names of the business's other records: a text naming one that is not this record's invents the place. */
  outrosLugares: string[];
}

export interface PropertyFactsInput {
  id: string;
  codigo: string;
  titulo: string | null;
  status: PropertyStatus;
  finalidade: PropertyPurpose | null;
  tipo: string | null;
  descricao: string | null;
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
  condominioCentavos: number | null;
  iptuCentavos: number | null;
  iptuPeriodo: string | null;
  areaUtil: number | null;
  areaTotal: number | null;
  areaTerreno: number | null;
  quartos: number | null;
  suites: number | null;
  banheiros: number | null;
  vagas: number | null;
  andar: number | null;
  anoConstrucao: number | null;
  mobiliado: boolean;
  aceitaPermuta: boolean;
  aceitaFinanciamento: boolean;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  caracteristicas: readonly string[];
  fotos: number;
}

export interface ProductFactsInput {
  id: string;
  nome: string;
  precoCentavos: number;
  descricao: string | null;
  categoria: string | null;
  estoque: number;
  unidade: ProductUnit;
}

export interface ServiceFactsInput {
  id: string;
  nome: string;
  categoria: string | null;
  /** Minutes. */
  duracaoMin: number;
  precoCentavos: number;
  descricao: string | null;
}

export interface BusinessInput {
  nome: string;
  whatsapp: string | null;
  creci: string | null;
  vozDaMarca: string | null;
}

const clean = (value: string | null | undefined): string | null => value?.normalize("NFC").trim().replace(/\s+/g, " ") || null;
const positive = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value) && value > 0;

/** The facts list builder: skips what is absent. */
function collector() {
  const fatos: Fact[] = [];
  const add = (campo: string, rotulo: string, valor: FactValue | null, texto: string) => {
    if (valor !== null && texto) fatos.push({ campo, rotulo, valor, texto });
  };
  return { fatos, add };
}

const PURPOSE_TEXT: Record<PropertyPurpose, string> = {
  venda: "à venda",
  locacao: "para alugar",
  venda_locacao: "à venda ou para alugar",
};

/** What an imóvel's facts are: kind, purpose, prices, sizes, counts, place, features. */
export function propertyFacts(p: PropertyFactsInput): Fact[] {
  const { fatos, add } = collector();
  const tipo = p.tipo ? PROPERTY_TYPE.label(p.tipo) : null;
  add("tipo", "Tipo", tipo, tipo ?? "");
  if (p.finalidade) add("finalidade", "Finalidade", p.finalidade, PURPOSE_TEXT[p.finalidade]);
  add("titulo", "Título", clean(p.titulo), clean(p.titulo) ?? "");
  add("codigo", "Código", p.codigo, p.codigo);
  if (positive(p.valorVendaCentavos)) add("valorVenda", "Valor de venda", p.valorVendaCentavos, formatMoneyShort(p.valorVendaCentavos));
  if (positive(p.valorLocacaoCentavos)) {
    add("valorLocacao", "Aluguel (mensal)", p.valorLocacaoCentavos, `${formatMoneyShort(p.valorLocacaoCentavos)}/mês`);
  }
  if (positive(p.condominioCentavos))
    add("condominio", "Condomínio (mensal)", p.condominioCentavos, `${formatMoneyShort(p.condominioCentavos)}/mês`);
  if (positive(p.iptuCentavos)) {
    const period = p.iptuPeriodo === "mensal" ? "/mês" : "/ano";
    const label = p.iptuPeriodo ? `IPTU (${IPTU_PERIOD.label(p.iptuPeriodo).toLocaleLowerCase("pt-BR")})` : "IPTU";
    add("iptu", label, p.iptuCentavos, `${formatMoneyShort(p.iptuCentavos)}${period}`);
  }
  if (positive(p.areaUtil)) add("areaUtil", "Área útil", p.areaUtil, formatArea(p.areaUtil));
  if (positive(p.areaTotal) && p.areaTotal !== p.areaUtil) add("areaTotal", "Área total", p.areaTotal, formatArea(p.areaTotal));
  if (positive(p.areaTerreno)) add("areaTerreno", "Área do terreno", p.areaTerreno, formatArea(p.areaTerreno));
  if (positive(p.quartos)) add("quartos", "Quartos", p.quartos, formatCount(p.quartos, "quarto", "quartos"));
  if (positive(p.suites)) add("suites", "Suítes", p.suites, formatCount(p.suites, "suíte", "suítes"));
  if (positive(p.banheiros)) add("banheiros", "Banheiros", p.banheiros, formatCount(p.banheiros, "banheiro", "banheiros"));
  if (positive(p.vagas)) add("vagas", "Vagas de garagem", p.vagas, formatCount(p.vagas, "vaga", "vagas"));
  if (positive(p.andar)) add("andar", "Andar", p.andar, formatFloor(p.andar));
  if (positive(p.anoConstrucao)) add("anoConstrucao", "Ano de construção", p.anoConstrucao, String(p.anoConstrucao));
  if (p.mobiliado) add("mobiliado", "Mobiliado", true, "mobiliado");
  if (p.aceitaFinanciamento) add("aceitaFinanciamento", "Aceita financiamento", true, "aceita financiamento");
  if (p.aceitaPermuta) add("aceitaPermuta", "Aceita permuta", true, "aceita permuta");
  add("bairro", "Bairro", clean(p.bairro), clean(p.bairro) ?? "");
  add("cidade", "Cidade", clean(p.cidade), clean(p.cidade) ?? "");
  add("uf", "UF", clean(p.uf)?.toUpperCase() ?? null, clean(p.uf)?.toUpperCase() ?? "");
  const features = p.caracteristicas.filter((f) => PROPERTY_FEATURE.has(f)).map((f) => PROPERTY_FEATURE.label(f));
  if (features.length > 0) add("caracteristicas", "Características", features, joinList(features.map(midSentence)));
  if (p.fotos > 0) add("fotos", "Fotos", p.fotos, formatCount(p.fotos, "foto", "fotos"));
  add("descricao", "Descrição", clean(p.descricao), clean(p.descricao) ?? "");
  return fatos;
}

/** "15 unidades", "2,5 kg". */
function stockText(quantity: number, unit: ProductUnit): string {
  if (unit === "un") return formatCount(quantity, "unidade", "unidades");
  if (unit === "cx") return formatCount(quantity, "caixa", "caixas");
  if (unit === "pct") return formatCount(quantity, "pacote", "pacotes");
  if (unit === "resma") return formatCount(quantity, "resma", "resmas");
  if (unit === "milheiro") return formatCount(quantity, "milheiro", "milheiros");
  return formatCount(quantity, unit, unit);
}

/** What a produto's facts are: name, price, category, description, stock. */
export function productFacts(p: ProductFactsInput): Fact[] {
  const { fatos, add } = collector();
  add("nome", "Nome", clean(p.nome), clean(p.nome) ?? "");
  if (positive(p.precoCentavos)) add("preco", "Preço", p.precoCentavos, formatMoneyShort(p.precoCentavos));
  add("categoria", "Categoria", clean(p.categoria), clean(p.categoria) ?? "");
  if (p.estoque > 0) add("estoque", `Estoque (${PRODUCT_UNIT.label(p.unidade)})`, p.estoque, stockText(p.estoque, p.unidade));
  add("descricao", "Descrição", clean(p.descricao), clean(p.descricao) ?? "");
  return fatos;
}

/**
 * What a serviço's facts are: name, price, category, duration ("1h30", written exactly so: the
 * checker accepts the duration only as this text) and description. Never its commission, its
 * cost or the products it consumes: those are the business's, not the client's.
 */
export function serviceFacts(s: ServiceFactsInput): Fact[] {
  const { fatos, add } = collector();
  add("nome", "Nome", clean(s.nome), clean(s.nome) ?? "");
  if (positive(s.precoCentavos)) add("preco", "Preço", s.precoCentavos, formatMoneyShort(s.precoCentavos));
  add("categoria", "Categoria", clean(s.categoria), clean(s.categoria) ?? "");
  if (positive(s.duracaoMin)) add("duracao", "Duração", s.duracaoMin, formatDuration(s.duracaoMin));
  add("descricao", "Descrição", clean(s.descricao), clean(s.descricao) ?? "");
  return fatos;
}

/** The business's contact as a caption gives it; the public link only when there is one. */
export function businessInfo(b: BusinessInput, link: string | null): BusinessInfo {
  const digits = b.whatsapp ? nationalPhoneDigits(b.whatsapp) : "";
  const valid = digits.length === 10 || digits.length === 11;
  return {
    nome: clean(b.nome) ?? "",
    whatsapp: valid ? digits : null,
    whatsappTexto: valid ? maskPhone(digits) : null,
    whatsappLink: valid ? `https://wa.me/55${digits}` : null,
    link,
    creci: clean(b.creci),
    vozDaMarca: clean(b.vozDaMarca),
  };
}

/** The business's facts a caption may state (its name, WhatsApp, link, CRECI). */
export function businessFacts(b: BusinessInfo): Fact[] {
  const { fatos, add } = collector();
  add("negocio", "Negócio", b.nome || null, b.nome);
  add("whatsapp", "WhatsApp", b.whatsapp, b.whatsappTexto ?? "");
  add("link", "Página do anúncio", b.link, b.link ?? "");
  add("creci", "CRECI", b.creci, b.creci ? `CRECI ${b.creci}` : "");
  return fatos;
}

/** One fact by field (the first; each field makes at most one). */
export function factOf(sheet: Pick<FactSheet, "fatos">, campo: string): Fact | undefined {
  return sheet.fatos.find((f) => f.campo === campo);
}

/** What an imóvel is called on screen: its title, else "Apartamento em Pinheiros", else its code. */
export function propertyDisplayName(p: Pick<PropertyFactsInput, "titulo" | "tipo" | "bairro" | "codigo">): string {
  const title = clean(p.titulo);
  if (title) return title;
  const kind = p.tipo ? PROPERTY_TYPE.label(p.tipo) : "Imóvel";
  const bairro = clean(p.bairro);
  return bairro ? `${kind} em ${bairro}` : `${kind} ${p.codigo}`;
}

/** The sheet of an imóvel: its facts, the business's, the images (post order) and the other places. */
export function propertySheet(
  p: PropertyFactsInput,
  business: BusinessInfo,
  images: readonly FactImage[],
  otherPlaces: readonly string[],
): FactSheet {
  const own = new Set([p.bairro, p.cidade].map((v) => clean(v)?.toLocaleLowerCase("pt-BR")));
  return {
    registro: {
      tipo: "imovel",
      id: p.id,
      nome: propertyDisplayName(p),
      tipoLabel: p.tipo ? PROPERTY_TYPE.label(p.tipo) : null,
      finalidade: p.finalidade,
    },
    fatos: [...propertyFacts(p), ...businessFacts(business)],
    negocio: business,
    imagens: [...images],
    outrosLugares: [...new Set(otherPlaces.map((v) => clean(v)).filter((v): v is string => !!v && !own.has(v.toLocaleLowerCase("pt-BR"))))],
  };
}

/** The sheet of a serviço (no public page of its own: the CTA is the WhatsApp). */
export function serviceSheet(s: ServiceFactsInput, business: BusinessInfo): FactSheet {
  return {
    registro: { tipo: "servico", id: s.id, nome: clean(s.nome) ?? "", tipoLabel: clean(s.categoria), finalidade: null },
    fatos: [...serviceFacts(s), ...businessFacts(business)],
    negocio: business,
    imagens: [],
    outrosLugares: [],
  };
}

/** The sheet of a produto (no public page: the CTA is the WhatsApp). */
export function productSheet(p: ProductFactsInput, business: BusinessInfo, images: readonly FactImage[] = []): FactSheet {
  return {
    registro: { tipo: "produto", id: p.id, nome: clean(p.nome) ?? "", tipoLabel: clean(p.categoria), finalidade: null },
    fatos: [...productFacts(p), ...businessFacts(business)],
    negocio: business,
    imagens: [...images],
    outrosLugares: [],
  };
}
