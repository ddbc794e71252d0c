import { PROPERTY_FEATURES, PROPERTY_TYPES, type PropertyPurpose, type PropertyStatus, type PropertyType } from "../../../shared/enums.ts";
import { bitMask } from "../../../shared/resources/interesses.ts";
import { placeKey } from "../../../shared/real-estate/places.ts";
import { normalizeText } from "../../../shared/search.ts";
import { properties } from "../../../db/schema/index.ts";
import type { Database } from "../../../db/client.ts";

/** A property row written straight to its table (the properties' own write path is another module's). */
export interface PropertyFixture {
  finalidade?: PropertyPurpose;
  tipo?: PropertyType;
  status?: PropertyStatus;
  preco?: number;
  venda?: number | null;
  aluguel?: number | null;
  quartos?: number;
  suites?: number;
  vagas?: number;
  area?: number;
  bairro?: string;
  cidade?: string;
  caracteristicas?: string[];
  titulo?: string;
}

let seq = 0;

export async function insertProperty(db: Database, orgId: string, p: PropertyFixture = {}): Promise<string> {
  seq++;
  const id = crypto.randomUUID();
  const tipo = p.tipo ?? "apartamento";
  const finalidade = p.finalidade ?? "venda";
  const preco = p.preco ?? 80_000_000;
  const titulo = p.titulo ?? `Imóvel ${seq}`;
  await db.insert(properties).values({
    id,
    orgId,
    codigo: `T${String(seq).padStart(4, "0")}`,
    slug: `imovel-${seq}-${id.slice(0, 8)}`,
    finalidade,
    tipo,
    tipoBit: 2 ** PROPERTY_TYPES.indexOf(tipo),
    titulo,
    ordem: normalizeText(titulo),
    precoCentavos: preco,
    valorVendaCentavos: p.venda === undefined ? (finalidade === "locacao" ? null : preco) : p.venda,
    valorLocacaoCentavos: p.aluguel === undefined ? (finalidade === "locacao" ? preco : null) : p.aluguel,
    quartos: p.quartos ?? 3,
    suites: p.suites ?? 1,
    vagas: p.vagas ?? 2,
    areaUtil: p.area ?? 90,
    bairro: p.bairro ?? "Pinheiros",
    cidade: p.cidade ?? "São Paulo",
    uf: "SP",
    bairroChave: placeKey(p.bairro ?? "Pinheiros"),
    cidadeChave: placeKey(p.cidade ?? "São Paulo"),
    caracteristicas: p.caracteristicas ?? [],
    caracteristicasMask: bitMask(p.caracteristicas ?? [], PROPERTY_FEATURES),
    status: p.status ?? "disponivel",
    publicadoEm: new Date(),
  });
  return id;
}
