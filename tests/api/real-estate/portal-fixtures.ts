import { properties, propertyPhotos } from "../../../db/schema/index.ts";
import type { Database } from "../../../db/client.ts";

/** Test fixtures for the portal feed and the landing page: properties written straight to the table. */

export type NewProperty = Partial<typeof properties.$inferInsert> & { fotos?: number };

let seq = 0;

/** A property that meets every VRSync rule (available, marked for portals, one cover photo). */
export function readyRow(orgId: string, over: NewProperty = {}): typeof properties.$inferInsert {
  seq++;
  const id = over.id ?? crypto.randomUUID();
  return {
    id,
    orgId,
    codigo: `T${String(seq).padStart(6, "0")}`,
    slug: `imovel-teste-${seq}-${id.slice(0, 8)}`,
    ordem: `imovel ${seq}`,
    titulo: `Apartamento de teste número ${seq}`,
    descricao: "Apartamento com três quartos, sala ampla, cozinha planejada e varanda com vista para o parque.",
    finalidade: "venda",
    tipo: "apartamento",
    tipoBit: 1,
    valorVendaCentavos: 350_000_00 + seq * 100,
    precoCentavos: 350_000_00 + seq * 100,
    condominioCentavos: 500_00,
    areaUtil: 70,
    quartos: 3,
    banheiros: 2,
    suites: 1,
    vagas: 1,
    caracteristicas: ["piscina", "elevador"],
    cep: "01310-100",
    rua: "Avenida Paulista",
    numero: "1000",
    bairro: "Bela Vista",
    cidade: "São Paulo",
    uf: "SP",
    status: "disponivel",
    portal: true,
    fotos: over.fotos ?? 2,
    capaChave: `org/${orgId}/properties/${id}/capa`,
    ...over,
  } as typeof properties.$inferInsert;
}

/** Inserts the rows and their photos (the first one the cover), in chunks. */
export async function insertProperties(db: Database, rows: (typeof properties.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await db.insert(properties).values(chunk);
    const photos = chunk.flatMap((p) =>
      Array.from({ length: p.fotos ?? 0 }, (_, n) => ({
        id: crypto.randomUUID(),
        orgId: p.orgId,
        propertyId: p.id as string,
        chave: n === 0 ? (p.capaChave as string) : `org/${p.orgId}/properties/${p.id}/foto${n}`,
        tamanhos: [320, 640, 1024, 1600],
        tipoConteudo: "image/webp",
        largura: 1600,
        altura: 1200,
        bytes: 100_000,
        posicao: n,
        capa: n === 0,
        criadoEm: new Date(),
      })),
    );
    for (let j = 0; j < photos.length; j += 400) await db.insert(propertyPhotos).values(photos.slice(j, j + 400));
  }
}

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITY = /&(amp|lt|gt|quot|apos);/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string): string {
  if (/&(?!(amp|lt|gt|quot|apos);)/.test(raw)) throw new Error(`entidade inválida em ${raw.slice(0, 40)}`);
  return raw.replace(ENTITY, (_, e: string) => ENTITIES[e] as string);
}

/**
 * A strict little XML reader for the tests (no DTDs, no comments): throws on unbalanced tags,
 * a raw `<` or `&` in text, bad attributes, or forbidden characters — what a portal's parser
 * would refuse.
 */
export function parseXml(xml: string): XmlNode {
  for (let k = 0; k < xml.length; k++) {
    const c = xml.charCodeAt(k);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) throw new Error("caractere proibido em XML");
  }
  let i = 0;
  const root: XmlNode = { name: "#document", attrs: {}, children: [], text: "" };
  const stack: XmlNode[] = [root];
  if (xml.startsWith("<?xml")) i = xml.indexOf("?>") + 2;
  while (i < xml.length) {
    const top = stack[stack.length - 1] as XmlNode;
    if (xml.startsWith("<![CDATA[", i)) {
      const end = xml.indexOf("]]>", i);
      if (end < 0) throw new Error("CDATA sem fim");
      top.text += xml.slice(i + 9, end);
      i = end + 3;
    } else if (xml.startsWith("</", i)) {
      const end = xml.indexOf(">", i);
      const name = xml.slice(i + 2, end).trim();
      if (name !== top.name) throw new Error(`</${name}> fecha <${top.name}>`);
      stack.pop();
      i = end + 1;
    } else if (xml[i] === "<") {
      const end = xml.indexOf(">", i);
      const body = xml.slice(i + 1, end);
      const selfClosing = body.endsWith("/");
      const m = /^([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*\/?$/.exec(body);
      if (!m) throw new Error(`tag inválida: <${body.slice(0, 60)}>`);
      const attrs: Record<string, string> = {};
      for (const a of (m[2] ?? "").matchAll(/([\w:.-]+)="([^"]*)"/g)) attrs[a[1] as string] = decode(a[2] as string);
      const node: XmlNode = { name: m[1] as string, attrs, children: [], text: "" };
      top.children.push(node);
      if (!selfClosing) stack.push(node);
      i = end + 1;
    } else {
      const end = xml.indexOf("<", i);
      const raw = xml.slice(i, end < 0 ? xml.length : end);
      if (raw.includes(">")) throw new Error("'>' solto no texto");
      top.text += decode(raw);
      i = end < 0 ? xml.length : end;
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]?.name}> sem fechamento`);
  return root;
}

export function child(node: XmlNode, name: string): XmlNode | undefined {
  return node.children.find((c) => c.name === name);
}

export function all(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((c) => c.name === name);
}

/**
 * Every violation of the VRSync rules in one `<Listing>`, as the tests check a feed: empty
 * when the listing is valid.
 */
export function listingViolations(listing: XmlNode): string[] {
  const v: string[] = [];
  const text = (path: string[]) => {
    let n: XmlNode | undefined = listing;
    for (const p of path) n = n ? child(n, p) : undefined;
    return n?.text.trim();
  };
  const id = text(["ListingID"]) ?? "";
  if (id.length < 1 || id.length > 50) v.push("ListingID");
  const title = text(["Title"]) ?? "";
  if (title.length < 10 || title.length > 100) v.push("Title");
  const transaction = text(["TransactionType"]);
  if (!["For Sale", "For Rent", "Sale/Rent"].includes(transaction ?? "")) v.push("TransactionType");
  const details = child(listing, "Details");
  if (!details) v.push("Details");
  else {
    const description = child(details, "Description")?.text.trim() ?? "";
    if (description.length < 50 || description.length > 3000) v.push("Description");
    if (!/^(Residential|Commercial) \/ .+/.test(child(details, "PropertyType")?.text ?? "")) v.push("PropertyType");
    const price = child(details, "ListPrice");
    const rent = child(details, "RentalPrice");
    if (transaction !== "For Rent" && !(price && /^\d+$/.test(price.text) && price.attrs.currency === "BRL")) v.push("ListPrice");
    if (transaction !== "For Sale" && !(rent && /^\d+$/.test(rent.text) && rent.attrs.currency === "BRL")) v.push("RentalPrice");
    if (transaction === "For Rent" && price) v.push("ListPrice em locação");
    if (transaction === "For Sale" && rent) v.push("RentalPrice em venda");
    const area = child(details, "LivingArea") ?? child(details, "LotArea");
    if (area?.attrs.unit !== "square metres" || !/^\d+$/.test(area.text)) v.push("Area");
    for (const n of ["Bedrooms", "Bathrooms", "Suites", "Garage"]) {
      const e = child(details, n);
      if (e && !/^\d+$/.test(e.text)) v.push(n);
    }
    const iptu = child(details, "Iptu");
    if (iptu && !["Monthly", "Yearly"].includes(iptu.attrs.period ?? "")) v.push("Iptu");
  }
  const media = child(listing, "Media");
  const items = media ? all(media, "Item") : [];
  if (items.length < 1) v.push("Media");
  if (items.filter((i) => i.attrs.primary === "true").length !== 1) v.push("Media primary");
  if (items.some((i) => i.attrs.medium !== "image" || !/^https?:\/\/[^/]+\/media\//.test(i.text))) v.push("Media URL");
  const location = child(listing, "Location");
  if (!location || !["All", "Street", "Neighborhood"].includes(location.attrs.displayAddress ?? "")) v.push("displayAddress");
  else {
    if (child(location, "Country")?.attrs.abbreviation !== "BR") v.push("Country");
    if (!/^[A-Z]{2}$/.test(child(location, "State")?.attrs.abbreviation ?? "")) v.push("State");
    for (const n of ["City", "Neighborhood"]) if (!child(location, n)?.text.trim()) v.push(n);
    if (!/^\d{5}-\d{3}$/.test(child(location, "PostalCode")?.text ?? "")) v.push("PostalCode");
  }
  const contact = child(listing, "ContactInfo");
  if (!contact || !child(contact, "Name")?.text.trim()) v.push("ContactInfo");
  return v;
}
