import type { AddressVisibility, IptuPeriod, PropertyPurpose, PropertyType } from "../enums.ts";
import { escapeXml, xmlChars } from "../escape.ts";

/**
 * VRSync (Grupo ZAP / OLX: ZAP Imóveis, Viva Real, OLX) — the rules a listing must meet and the
 * mapping of our fields to the feed's elements. Pure: the feed (worker/services/real-estate/portal-feed.ts)
 * and the property's "Portal" tab (portal-readiness.ts) both read these, so what the checklist
 * calls ready is exactly what the feed sends.
 * Element names and values follow developers.grupozap.com/feeds/vrsync.
 */

/** What the feed and the checklist read of a property (the columns of `properties`). */
export interface PortalProperty {
  codigo: string;
  slug: string;
  titulo: string | null;
  descricao: string | null;
  finalidade: PropertyPurpose | null;
  tipo: PropertyType | null;
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
  condominioCentavos: number | null;
  iptuCentavos: number | null;
  iptuPeriodo: IptuPeriod | null;
  areaUtil: number | null;
  areaTotal: number | null;
  areaTerreno: number | null;
  quartos: number | null;
  suites: number | null;
  banheiros: number | null;
  vagas: number | null;
  caracteristicas: readonly string[];
  cep: string | null;
  rua: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  enderecoPublico: AddressVisibility;
}

/** A photo as the feed needs it: its storage key base and whether it is the cover. */
export interface PortalPhoto {
  chave: string;
  capa: boolean;
}

export const TITLE_MIN = 10;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 3000;
export const LISTING_ID_MAX = 50;
/** More photos than this are not sent (portals show the first ones). */
export const MEDIA_MAX = 50;

/** Our kinds of property → VRSync's PropertyType and UsageType. */
export const VRSYNC_PROPERTY_TYPES: Record<PropertyType, { propertyType: string; usage: "Residential" | "Commercial" }> = {
  apartamento: { propertyType: "Residential / Apartment", usage: "Residential" },
  casa: { propertyType: "Residential / Home", usage: "Residential" },
  sobrado: { propertyType: "Residential / Sobrado", usage: "Residential" },
  cobertura: { propertyType: "Residential / Penthouse", usage: "Residential" },
  kitnet: { propertyType: "Residential / Kitnet", usage: "Residential" },
  casa_condominio: { propertyType: "Residential / Condo", usage: "Residential" },
  terreno: { propertyType: "Residential / Land Lot", usage: "Residential" },
  sala_comercial: { propertyType: "Commercial / Office", usage: "Commercial" },
  loja: { propertyType: "Commercial / Business", usage: "Commercial" },
  galpao: { propertyType: "Commercial / Industrial", usage: "Commercial" },
  predio_comercial: { propertyType: "Commercial / Edificio Comercial", usage: "Commercial" },
  chacara: { propertyType: "Residential / Farm Ranch", usage: "Residential" },
  sitio: { propertyType: "Residential / Agricultural", usage: "Residential" },
  fazenda: { propertyType: "Residential / Agricultural", usage: "Residential" },
  flat: { propertyType: "Residential / Flat", usage: "Residential" },
};

/** Kinds measured by their land (LotArea is required); the others need the living area. */
const LAND_TYPES: ReadonlySet<PropertyType> = new Set(["terreno", "chacara", "sitio", "fazenda", "galpao"]);

/** Our features → VRSync's Feature values (features without an equivalent are not sent). */
export const VRSYNC_FEATURES: Partial<Record<string, string>> = {
  piscina: "Pool",
  churrasqueira: "BBQ",
  elevador: "Elevator",
  portaria_24h: "Concierge 24h",
  academia: "Gym",
  salao_festas: "Party Room",
  playground: "Playground",
  varanda: "Balcony",
  varanda_gourmet: "Gourmet Balcony",
  ar_condicionado: "Cooling",
  armarios_planejados: "Builtin Wardrobe",
  area_servico: "Service Area",
  quintal: "Backyard",
  jardim: "Garden",
  lareira: "Fireplace",
  aceita_pets: "Pets Allowed",
  vista_mar: "Ocean View",
  closet: "Closet",
  escritorio: "Home Office",
  energia_solar: "Solar Energy",
  recepcao: "Reception",
  copa: "Kitchen",
  pe_direito_alto: "High Ceiling",
  estacionamento_clientes: "Guest Parking",
  poco_artesiano: "Artesian Well",
  pomar: "Orchard",
  lago: "Lake",
  casa_caseiro: "Caretaker House",
};

/** Brazilian states: the feed's State element carries the name and the abbreviation. */
export const UF_NAMES: Record<string, string> = {
  AC: "Acre",
  AL: "Alagoas",
  AP: "Amapá",
  AM: "Amazonas",
  BA: "Bahia",
  CE: "Ceará",
  DF: "Distrito Federal",
  ES: "Espírito Santo",
  GO: "Goiás",
  MA: "Maranhão",
  MT: "Mato Grosso",
  MS: "Mato Grosso do Sul",
  MG: "Minas Gerais",
  PA: "Pará",
  PB: "Paraíba",
  PR: "Paraná",
  PE: "Pernambuco",
  PI: "Piauí",
  RJ: "Rio de Janeiro",
  RN: "Rio Grande do Norte",
  RS: "Rio Grande do Sul",
  RO: "Rondônia",
  RR: "Roraima",
  SC: "Santa Catarina",
  SP: "São Paulo",
  SE: "Sergipe",
  TO: "Tocantins",
};

const DISPLAY_ADDRESS: Record<AddressVisibility, "All" | "Street" | "Neighborhood"> = {
  completo: "All",
  rua: "Street",
  bairro: "Neighborhood",
};

/** Whole reais, as the feed wants prices (rounded, never centavos). */
export function reais(centavos: number): number {
  return Math.round(centavos / 100);
}

function positive(n: number | null | undefined): n is number {
  return typeof n === "number" && Number.isFinite(n) && n > 0;
}

/** The feed's TransactionType from the purpose and the prices present; null when none fits. */
export function transactionType(p: Pick<PortalProperty, "finalidade" | "valorVendaCentavos" | "valorLocacaoCentavos">): string | null {
  const sale = positive(p.valorVendaCentavos) && reais(p.valorVendaCentavos) > 0;
  const rent = positive(p.valorLocacaoCentavos) && reais(p.valorLocacaoCentavos) > 0;
  if (p.finalidade === "venda") return sale ? "For Sale" : null;
  if (p.finalidade === "locacao") return rent ? "For Rent" : null;
  if (p.finalidade === "venda_locacao") return sale && rent ? "Sale/Rent" : null;
  return null;
}

/** Text as the portal counts it: without surrounding blanks. */
function trimmed(value: string | null): string {
  return (value ?? "").trim();
}

export function onlyDigits(value: string | null): string {
  return (value ?? "").replace(/\D/g, "");
}

/** Whether the kind is measured by its land (LotArea) rather than its living area. */
export function isLandType(tipo: PropertyType | null): boolean {
  return tipo !== null && LAND_TYPES.has(tipo);
}

/** Where a rule is fixed: a field of the property's form, or its photos (the Fotos tab). */
export type PortalRuleField =
  | "codigo"
  | "titulo"
  | "descricao"
  | "tipo"
  | "finalidade"
  | "valorVendaCentavos"
  | "valorLocacaoCentavos"
  | "areaUtil"
  | "areaTerreno"
  | "fotos"
  | "cep"
  | "uf"
  | "cidade"
  | "bairro"
  | "rua";

/** One unmet rule: its pt-BR text and where to fix it. */
export interface UnmetRule {
  text: string;
  field: PortalRuleField;
}

/**
 * Every VRSync rule the property does not meet, in pt-BR, in the order a person would fix them,
 * each with the field that fixes it (the Portal tab links there).
 */
export function unmetVrsyncItems(p: PortalProperty, photos: readonly PortalPhoto[]): UnmetRule[] {
  const unmet: UnmetRule[] = [];
  const add = (text: string, field: PortalRuleField) => unmet.push({ text, field });
  const codigo = trimmed(p.codigo);
  if (codigo.length < 1 || codigo.length > LISTING_ID_MAX) add(`Código com 1 a ${LISTING_ID_MAX} caracteres`, "codigo");
  const title = trimmed(p.titulo).length;
  if (title < TITLE_MIN || title > TITLE_MAX) add(`Título com ${TITLE_MIN} a ${TITLE_MAX} caracteres`, "titulo");
  const description = trimmed(p.descricao).length;
  if (description < DESCRIPTION_MIN) add(`Descrição com pelo menos ${DESCRIPTION_MIN} caracteres`, "descricao");
  if (description > DESCRIPTION_MAX) add("Descrição com no máximo 3.000 caracteres", "descricao");
  if (!p.tipo) add("Tipo do imóvel", "tipo");
  if (!p.finalidade) add("Finalidade (venda, locação ou as duas)", "finalidade");
  else if (!transactionType(p)) {
    if (p.finalidade === "venda_locacao")
      add("Preço de venda e de locação", positive(p.valorVendaCentavos) ? "valorLocacaoCentavos" : "valorVendaCentavos");
    else if (p.finalidade === "venda") add("Preço de venda ou de locação: falta o de venda", "valorVendaCentavos");
    else add("Preço de venda ou de locação: falta o de locação", "valorLocacaoCentavos");
  }
  if (p.tipo && isLandType(p.tipo)) {
    if (!positive(p.areaTerreno) && !positive(p.areaTotal)) add("Área do terreno ou área total", "areaTerreno");
  } else if (p.tipo && !positive(p.areaUtil)) add("Área útil", "areaUtil");
  if (photos.length === 0) add("Pelo menos uma foto", "fotos");
  else if (photos.filter((f) => f.capa).length !== 1) add("Uma foto de capa", "fotos");
  if (onlyDigits(p.cep).length !== 8) add("CEP", "cep");
  if (!UF_NAMES[trimmed(p.uf).toUpperCase()]) add("UF", "uf");
  if (!trimmed(p.cidade)) add("Cidade", "cidade");
  if (!trimmed(p.bairro)) add("Bairro", "bairro");
  if (p.enderecoPublico !== "bairro" && !trimmed(p.rua)) add("Rua (o endereço público mostra a rua)", "rua");
  return unmet;
}

/**
 * Every VRSync rule the property does not meet, in pt-BR (texts of `unmetVrsyncItems`).
 * Empty: the listing goes into the feed (when it is available and marked for portals).
 */
export function unmetVrsyncRules(p: PortalProperty, photos: readonly PortalPhoto[]): string[] {
  return unmetVrsyncItems(p, photos).map((r) => r.text);
}

// ——— XML ———

/** A CDATA section; a "]]>" inside the text is split across two sections so it cannot close it. */
export function cdata(value: string): string {
  return `<![CDATA[${xmlChars(value).replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

function el(name: string, value: string | number, attributes = ""): string {
  return `<${name}${attributes}>${escapeXml(value)}</${name}>`;
}

/** The business as the feed's Header and each listing's ContactInfo show it. */
export interface FeedContact {
  name: string;
  email: string | null;
  telephone: string | null;
  website: string;
}

export const VRSYNC_NAMESPACE = "http://www.vivareal.com/schemas/1.0/VRSync";

/** The feed's opening, through `<Listings>`. */
export function feedOpening(contact: FeedContact, publishedAt: Date): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<ListingDataFeed xmlns="${VRSYNC_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${VRSYNC_NAMESPACE} http://xml.vivareal.com/vrsync.xsd">\n` +
    `<Header>${el("Provider", "Alicerce")}${el("Email", contact.email ?? "")}${el("ContactName", contact.name)}${el("PublishDate", publishedAt.toISOString().slice(0, 19))}${contact.telephone ? el("Telephone", contact.telephone) : ""}</Header>\n<Listings>\n`
  );
}

export const FEED_CLOSING = "</Listings>\n</ListingDataFeed>\n";

/** The photos in the feed's order: the cover first (the one primary), then the rest as given. */
function orderedMedia(photos: readonly PortalPhoto[]): PortalPhoto[] {
  const cover = photos.filter((f) => f.capa);
  return [...cover, ...photos.filter((f) => !f.capa)].slice(0, MEDIA_MAX);
}

export interface ListingOptions {
  contact: FeedContact;
  /** Absolute URL of a photo (origin + the served, resized path). */
  photoUrl: (chave: string) => string;
  /** Absolute URL of the property's public page. */
  pageUrl: (slug: string) => string;
}

/**
 * One `<Listing>`; null when a rule is unmet (the listing is skipped; the property's checklist
 * says why). Everything from the user goes through `escapeXml` or `cdata`.
 */
export function vrsyncListing(p: PortalProperty, photos: readonly PortalPhoto[], options: ListingOptions): string | null {
  if (unmetVrsyncRules(p, photos).length > 0 || !p.tipo) return null;
  const kind = VRSYNC_PROPERTY_TYPES[p.tipo];
  const transaction = transactionType(p) as string;
  const details: string[] = [
    el("UsageType", kind.usage),
    el("PropertyType", kind.propertyType),
    `<Description>${cdata(trimmed(p.descricao))}</Description>`,
  ];
  if (transaction !== "For Rent") details.push(el("ListPrice", reais(p.valorVendaCentavos as number), ' currency="BRL"'));
  if (transaction !== "For Sale")
    details.push(el("RentalPrice", reais(p.valorLocacaoCentavos as number), ' currency="BRL" period="Monthly"'));
  if (positive(p.condominioCentavos)) details.push(el("PropertyAdministrationFee", reais(p.condominioCentavos), ' currency="BRL"'));
  if (positive(p.iptuCentavos)) {
    details.push(el("Iptu", reais(p.iptuCentavos), ` currency="BRL" period="${p.iptuPeriodo === "mensal" ? "Monthly" : "Yearly"}"`));
  }
  if (positive(p.areaUtil)) details.push(el("LivingArea", Math.round(p.areaUtil), ' unit="square metres"'));
  const lot = positive(p.areaTerreno) ? p.areaTerreno : isLandType(p.tipo) && positive(p.areaTotal) ? p.areaTotal : null;
  if (lot) details.push(el("LotArea", Math.round(lot), ' unit="square metres"'));
  if (typeof p.quartos === "number" && p.quartos >= 0) details.push(el("Bedrooms", p.quartos));
  if (typeof p.banheiros === "number" && p.banheiros >= 0) details.push(el("Bathrooms", p.banheiros));
  if (typeof p.suites === "number" && p.suites >= 0) details.push(el("Suites", p.suites));
  if (typeof p.vagas === "number" && p.vagas >= 0) details.push(el("Garage", p.vagas, ' type="Parking Space"'));
  const features = [...new Set(p.caracteristicas.map((c) => VRSYNC_FEATURES[c]).filter((f): f is string => Boolean(f)))];
  if (features.length) details.push(`<Features>${features.map((f) => el("Feature", f)).join("")}</Features>`);

  const uf = trimmed(p.uf).toUpperCase();
  const cep = onlyDigits(p.cep);
  const location: string[] = [
    el("Country", "Brasil", ' abbreviation="BR"'),
    el("State", UF_NAMES[uf] as string, ` abbreviation="${escapeXml(uf)}"`),
    el("City", trimmed(p.cidade)),
    el("Neighborhood", trimmed(p.bairro)),
  ];
  // The portal hides what displayAddress says to hide, but wants the street to place the pin.
  if (trimmed(p.rua)) location.push(el("Address", trimmed(p.rua)));
  if (trimmed(p.numero)) location.push(el("StreetNumber", trimmed(p.numero)));
  if (trimmed(p.complemento)) location.push(el("Complement", trimmed(p.complemento)));
  location.push(el("PostalCode", `${cep.slice(0, 5)}-${cep.slice(5)}`));

  const media = orderedMedia(photos).map((f, i) =>
    el("Item", options.photoUrl(f.chave), i === 0 ? ' medium="image" primary="true"' : ' medium="image"'),
  );
  const { contact } = options;
  const contactInfo = [
    el("Name", contact.name),
    contact.email ? el("Email", contact.email) : "",
    contact.telephone ? el("Telephone", contact.telephone) : "",
    el("Website", contact.website),
  ].join("");

  return (
    `<Listing>${el("ListingID", trimmed(p.codigo))}<Title>${cdata(trimmed(p.titulo))}</Title>${el("TransactionType", transaction)}` +
    `${el("DetailViewUrl", options.pageUrl(p.slug))}<Media>${media.join("")}</Media><Details>${details.join("")}</Details>` +
    `<Location displayAddress="${DISPLAY_ADDRESS[p.enderecoPublico]}">${location.join("")}</Location><ContactInfo>${contactInfo}</ContactInfo></Listing>\n`
  );
}
