import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { properties, propertyStatusHistory } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { Database } from "../../db/client.ts";
import type { PropertyFeature, PropertyPurpose, PropertyStatus, PropertyType, Role } from "../../shared/enums.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { createRng, hashSeed, type Rng } from "./demo-random.ts";

/**
 * The demo's imóveis: about 30 believable listings in São Paulo bairros (and three rural ones
 * nearby), every kind and finalidade, prices per m² that fit the bairro, pt-BR títulos and
 * descrições long enough for the portals, statuses spread with their history, some for the
 * portals and some featured, and three drafts at different stages. Deterministic (seeded);
 * written through the registry's own write path, so códigos, slugs and search keys are the
 * app's. Photos are seeded separately (seedDemoPhotos).
 */

const DAY = 86_400_000;

interface Place {
  bairro: string;
  rua: string;
  cep: string;
  cidade: string;
  /** Asking price per m² for a sale, in reais (rent is about 0.45% of it a month). */
  m2: number;
}

/** Real streets and CEPs; prices per m² of 2025–2026 listings, rounded. */
const PLACES: readonly Place[] = [
  { bairro: "Moema", rua: "Alameda dos Arapanés", cep: "04524001", cidade: "São Paulo", m2: 15_000 },
  { bairro: "Pinheiros", rua: "Rua dos Pinheiros", cep: "05422030", cidade: "São Paulo", m2: 14_500 },
  { bairro: "Pinheiros", rua: "Rua Teodoro Sampaio", cep: "05405000", cidade: "São Paulo", m2: 13_500 },
  { bairro: "Vila Mariana", rua: "Rua Domingos de Morais", cep: "04010000", cidade: "São Paulo", m2: 12_000 },
  { bairro: "Perdizes", rua: "Rua Cardoso de Almeida", cep: "05013000", cidade: "São Paulo", m2: 11_500 },
  { bairro: "Tatuapé", rua: "Rua Tuiuti", cep: "03081000", cidade: "São Paulo", m2: 9_000 },
  { bairro: "Santana", rua: "Rua Voluntários da Pátria", cep: "02011000", cidade: "São Paulo", m2: 8_500 },
  { bairro: "Brooklin", rua: "Rua Barão do Triunfo", cep: "04602000", cidade: "São Paulo", m2: 12_500 },
  { bairro: "Butantã", rua: "Rua Alvarenga", cep: "05509000", cidade: "São Paulo", m2: 8_000 },
  { bairro: "Mooca", rua: "Rua Taquari", cep: "03166000", cidade: "São Paulo", m2: 8_000 },
  { bairro: "Lapa", rua: "Rua Doze de Outubro", cep: "05073000", cidade: "São Paulo", m2: 9_500 },
];

const RURAL: readonly Place[] = [
  { bairro: "Jardim Estância Brasil", rua: "Estrada Municipal Juca Sanches", cep: "12947560", cidade: "Atibaia", m2: 900 },
  { bairro: "Centro", rua: "Estrada do Paiol", cep: "18150000", cidade: "Ibiúna", m2: 60 },
  { bairro: "Zona Rural", rua: "Rodovia Marechal Rondon, km 98", cep: "13300000", cidade: "Itu", m2: 25 },
];

interface Template {
  tipo: PropertyType;
  finalidade: PropertyPurpose;
  area: readonly [number, number];
  quartos?: readonly [number, number];
  features: readonly PropertyFeature[];
  /** "Apartamento de 3 quartos em Moema" — the título's noun. */
  noun: string;
  pitch: string;
}

const TEMPLATES: readonly Template[] = [
  {
    tipo: "apartamento",
    finalidade: "venda",
    area: [55, 120],
    quartos: [2, 3],
    features: ["elevador", "portaria_24h", "varanda", "academia"],
    noun: "Apartamento",
    pitch: "Planta bem distribuída, sol da manhã na sala e na varanda, condomínio com lazer completo.",
  },
  {
    tipo: "apartamento",
    finalidade: "locacao",
    area: [40, 90],
    quartos: [1, 3],
    features: ["elevador", "portaria_24h", "armarios_planejados"],
    noun: "Apartamento",
    pitch: "Pronto para morar, com armários planejados na cozinha e nos quartos, perto do metrô.",
  },
  {
    tipo: "apartamento",
    finalidade: "venda_locacao",
    area: [70, 140],
    quartos: [2, 4],
    features: ["elevador", "piscina", "churrasqueira", "salao_festas", "varanda_gourmet"],
    noun: "Apartamento",
    pitch: "Varanda gourmet integrada, duas vagas e área de lazer com piscina e churrasqueira.",
  },
  {
    tipo: "casa",
    finalidade: "venda",
    area: [120, 250],
    quartos: [3, 4],
    features: ["quintal", "churrasqueira", "area_servico"],
    noun: "Casa",
    pitch: "Casa térrea em rua tranquila, quintal gramado, churrasqueira coberta e edícula nos fundos.",
  },
  {
    tipo: "sobrado",
    finalidade: "venda",
    area: [150, 280],
    quartos: [3, 4],
    features: ["quintal", "closet", "escritorio"],
    noun: "Sobrado",
    pitch: "Sobrado reformado, suíte com closet, escritório e garagem para dois carros.",
  },
  {
    tipo: "cobertura",
    finalidade: "venda",
    area: [180, 320],
    quartos: [3, 4],
    features: ["piscina", "churrasqueira", "elevador", "varanda_gourmet"],
    noun: "Cobertura duplex",
    pitch: "Cobertura com terraço, piscina privativa e vista aberta; andar alto e muito silencioso.",
  },
  {
    tipo: "kitnet",
    finalidade: "locacao",
    area: [24, 38],
    quartos: [1, 1],
    features: ["elevador", "portaria_24h"],
    noun: "Studio",
    pitch: "Studio compacto e funcional, ideal para quem trabalha ou estuda na região; contas baixas.",
  },
  {
    tipo: "casa_condominio",
    finalidade: "venda",
    area: [200, 380],
    quartos: [3, 5],
    features: ["piscina", "playground", "portaria_24h", "jardim"],
    noun: "Casa em condomínio",
    pitch: "Condomínio fechado com segurança 24 horas, jardim, piscina e espaço para as crianças.",
  },
  {
    tipo: "flat",
    finalidade: "locacao",
    area: [30, 55],
    quartos: [1, 1],
    features: ["elevador", "academia", "ar_condicionado"],
    noun: "Flat",
    pitch: "Flat mobiliado com serviços, academia e ar-condicionado; entra com a mala.",
  },
  {
    tipo: "terreno",
    finalidade: "venda",
    area: [250, 600],
    features: [],
    noun: "Terreno",
    pitch: "Terreno plano, documentação em dia, bom para casa ou pequeno prédio residencial.",
  },
  {
    tipo: "sala_comercial",
    finalidade: "locacao",
    area: [35, 120],
    features: ["recepcao", "copa", "ar_condicionado"],
    noun: "Sala comercial",
    pitch: "Sala em prédio comercial com recepção, copa e ar-condicionado; pronta para consultório ou escritório.",
  },
  {
    tipo: "loja",
    finalidade: "locacao",
    area: [60, 200],
    features: ["vitrine", "pe_direito_alto"],
    noun: "Loja",
    pitch: "Loja de rua com vitrine ampla e pé-direito alto, em trecho de muito movimento.",
  },
  {
    tipo: "galpao",
    finalidade: "venda_locacao",
    area: [400, 1500],
    features: ["doca", "pe_direito_alto", "estacionamento_clientes"],
    noun: "Galpão",
    pitch: "Galpão com doca, pé-direito alto e pátio de manobra, fácil acesso às marginais.",
  },
  {
    tipo: "predio_comercial",
    finalidade: "venda",
    area: [600, 1400],
    features: ["recepcao", "estacionamento_clientes", "elevador"],
    noun: "Prédio comercial",
    pitch: "Prédio inteiro com recepção, elevador e estacionamento, ótimo para sede de empresa.",
  },
];

const RURAL_TEMPLATES: readonly Template[] = [
  {
    tipo: "chacara",
    finalidade: "venda",
    area: [2_000, 5_000],
    quartos: [2, 4],
    features: ["pomar", "piscina", "casa_caseiro"],
    noun: "Chácara",
    pitch: "Chácara com pomar formado, piscina, casa de caseiro e muito verde, a uma hora de São Paulo.",
  },
  {
    tipo: "sitio",
    finalidade: "venda",
    area: [20_000, 60_000],
    quartos: [3, 4],
    features: ["lago", "poco_artesiano", "curral"],
    noun: "Sítio",
    pitch: "Sítio com lago, poço artesiano e curral; terra boa para horta e criação.",
  },
  {
    tipo: "fazenda",
    finalidade: "venda",
    area: [300_000, 900_000],
    quartos: [4, 6],
    features: ["curral", "poco_artesiano", "casa_caseiro", "lago"],
    noun: "Fazenda",
    pitch: "Fazenda produtiva com sede, casa de caseiro, curral e boa aguada, escritura em dia.",
  },
];

/** Statuses of the 30 listings, in order: most available, some reserved, sold, rented, inactive. */
function statusOf(i: number, finalidade: PropertyPurpose): PropertyStatus {
  if ([3, 13, 23].includes(i)) return "reservado";
  if ([7, 17].includes(i) && finalidade !== "locacao") return "vendido";
  if ([1, 10].includes(i) && finalidade !== "venda") return "alugado";
  if (i === 25) return "inativo";
  return "disponivel";
}

const REASONS: Partial<Record<PropertyStatus, string>> = {
  reservado: "Proposta aceita; aguardando a documentação do comprador.",
  vendido: "Escritura assinada.",
  alugado: "Contrato de locação assinado por 30 meses.",
  inativo: "Proprietário pediu para suspender o anúncio.",
};

const round = (value: number, step: number) => Math.round(value / step) * step;

interface Listing {
  input: Record<string, unknown>;
  status: PropertyStatus;
  createdDaysAgo: number;
  changedDaysAgo: number;
}

function listing(rng: Rng, i: number, t: Template, place: Place, people: { id: string }[], refs: DemoRefs): Listing {
  const area = rng.int(t.area[0], t.area[1]);
  const quartos = t.quartos ? rng.int(t.quartos[0], t.quartos[1]) : undefined;
  const home = quartos !== undefined && !["chacara", "sitio", "fazenda"].includes(t.tipo);
  const sale = t.finalidade !== "locacao";
  const rent = t.finalidade !== "venda";
  const value = place.m2 * area * (0.9 + rng.next() * 0.2);
  const venda = sale ? round(value, 5_000) * 100 : undefined;
  const locacao = rent ? round((value * 0.0045) / 1, 50) * 100 : undefined;
  const corretor = people[i % people.length]?.id;
  const captador = people[(i + 1) % people.length]?.id;
  const titulo = `${t.noun}${quartos && home ? ` de ${quartos} ${quartos === 1 ? "quarto" : "quartos"}` : ""} ${place.cidade === "São Paulo" ? `em ${place.bairro}` : `em ${place.cidade}`}`;
  const features = Object.fromEntries(t.features.filter(() => rng.chance(0.8)).map((f) => [`caracteristicas.${f}`, true]));
  const built = t.tipo !== "terreno";
  const input: Record<string, unknown> = {
    titulo,
    finalidade: t.finalidade,
    tipo: t.tipo,
    valorVendaCentavos: venda,
    valorLocacaoCentavos: locacao,
    condominioCentavos: ["apartamento", "cobertura", "kitnet", "flat", "casa_condominio", "sala_comercial"].includes(t.tipo)
      ? round(area * (9 + rng.int(0, 6)), 10) * 100
      : undefined,
    iptuCentavos: round(value * 0.008, 10) * 100,
    iptuPeriodo: "anual",
    areaUtil: built ? area : undefined,
    areaTotal: built ? Math.round(area * 1.25) : undefined,
    areaTerreno: built && t.tipo !== "apartamento" && t.tipo !== "cobertura" ? undefined : t.tipo === "terreno" ? area : undefined,
    quartos: home || quartos ? quartos : undefined,
    suites: quartos ? rng.int(0, Math.min(2, quartos)) : undefined,
    banheiros: built ? rng.int(1, (quartos ?? 2) + 1) : undefined,
    vagas: built ? rng.int(0, 3) : undefined,
    andar: ["apartamento", "cobertura", "kitnet", "flat", "sala_comercial"].includes(t.tipo) ? rng.int(1, 22) : undefined,
    anoConstrucao: built ? rng.int(1975, 2023) : undefined,
    mobiliado: t.tipo === "flat" || rng.chance(0.15) ? "on" : "off",
    aceitaFinanciamento: sale ? "on" : "off",
    aceitaPermuta: rng.chance(0.2) ? "on" : "off",
    cep: place.cep,
    rua: place.rua,
    numero: String(rng.int(10, 2400)),
    bairro: place.bairro,
    cidade: place.cidade,
    uf: "SP",
    enderecoPublico: rng.weighted([
      ["bairro", 5],
      ["rua", 3],
      ["completo", 1],
    ] as const),
    ...features,
    proprietarioId: refs.clientIds.length ? refs.clientIds[(i * 7) % refs.clientIds.length] : undefined,
    empreendimentoId:
      t.tipo === "apartamento" && refs.companyIds.length && i % 3 === 0 ? refs.companyIds[i % refs.companyIds.length] : undefined,
    captadorId: captador,
    corretorId: corretor,
    exclusividade: i % 4 === 0 ? "on" : "off",
    exclusividadeAte: i % 4 === 0 ? "2027-06-30" : undefined,
    chaves: rng.pick(["Na portaria", "No escritório da imobiliária", "Com o proprietário", "Com o zelador"]),
    status: "disponivel",
    portal: i % 5 !== 4 ? "on" : "off",
    destaque: i % 6 === 0 ? "on" : "off",
  };
  // The description names the street only where the page shows it: a property shown to the
  // bairro keeps its street out of the text too (the public page and the portals print it).
  const where =
    input.enderecoPublico === "bairro" ? `Em ${place.bairro}, ${place.cidade}.` : `${place.rua}, ${place.bairro}, ${place.cidade}.`;
  input.descricao = `${t.pitch} ${where} ${sale ? "Aceita financiamento bancário." : "Locação com seguro-fiança ou caução."} Agende sua visita com a Imobiliária Horizonte.`;
  const createdDaysAgo = rng.int(20, 240);
  return { input, status: statusOf(i, t.finalidade), createdDaysAgo, changedDaysAgo: rng.int(1, Math.min(createdDaysAgo - 1, 30)) };
}

export interface DemoRefs {
  clientIds: string[];
  companyIds: string[];
}

/** The 30 listings and 3 drafts as form inputs (the same numbers every run). */
export function demoPropertyInputs(people: { id: string }[], refs: DemoRefs): { listings: Listing[]; drafts: Record<string, unknown>[] } {
  const rng = createRng(hashSeed("demo-imoveis"));
  const listings: Listing[] = [];
  for (let i = 0; i < 27; i++) {
    const t = TEMPLATES[i % TEMPLATES.length] as Template;
    listings.push(listing(rng, i, t, rng.pick(PLACES), people, refs));
  }
  RURAL_TEMPLATES.forEach((t, k) => {
    listings.push(listing(rng, 27 + k, t, RURAL[k] as Place, people, refs));
  });
  const me = people[0]?.id;
  // Three captures at different stages: just begun, half-way, all but the photos.
  const drafts: Record<string, unknown>[] = [
    { status: "rascunho", tipo: "apartamento", titulo: "Apartamento na Vila Mariana (visita de hoje)", captadorId: me, corretorId: me },
    {
      status: "rascunho",
      tipo: "casa",
      finalidade: "venda",
      titulo: "Casa com quintal no Butantã",
      valorVendaCentavos: 1_150_000_00,
      bairro: "Butantã",
      cidade: "São Paulo",
      uf: "SP",
      captadorId: me,
      corretorId: me,
    },
    {
      ...(listings[1]?.input ?? {}),
      status: "rascunho",
      titulo: "Apartamento de 2 quartos em Perdizes",
      bairro: "Perdizes",
      portal: "off",
      destaque: "off",
    },
  ];
  return { listings, drafts };
}

/**
 * Writes the demo's imóveis and drafts for `orgId`: inserts dated in the past (the insert
 * trigger writes the first history row and the código), then the later status changes with
 * their reasons (the update trigger writes those rows).
 */
export async function seedDemoProperties(
  db: Database,
  orgId: string,
  people: { id: string; email: string; role: Role }[],
  refs: { clientIds: string[]; companyIds: string[] },
  now: Date,
): Promise<{ propertyIds: string[]; draftIds: string[]; portalIds: string[] }> {
  const scope = orgScope(db, orgId);
  const mod = moduleOf("imoveis");
  const brokers = people.filter((p) => p.role !== "staff");
  const team = brokers.length ? brokers : people;
  const by = team[0]?.id ?? null;
  const { listings, drafts } = demoPropertyInputs(team, refs);
  const ms = now.getTime();
  const rows = listings.map((l) =>
    insertValues(mod, scope, mod.definition.schema.parse(l.input) as Record<string, unknown>, by, new Date(ms - l.createdDaysAgo * DAY)),
  );
  const draftRows = drafts.map((d, k) =>
    insertValues(mod, scope, mod.definition.schema.parse(d) as Record<string, unknown>, by, new Date(ms - (3 - k) * DAY)),
  );
  // One row per statement: the código trigger reads the codes inserted before it.
  const statements: BatchItem<"sqlite">[] = [...rows, ...draftRows].map((values) => db.insert(properties).values(values as never));
  listings.forEach((l, i) => {
    if (l.status === "disponivel") return;
    const id = rows[i]?.id as string;
    const at = new Date(ms - l.changedDaysAgo * DAY);
    statements.push(
      db
        .update(properties)
        .set({ status: l.status, atualizadoEm: at, atualizadoPor: by })
        .where(scope.where(properties, eq(properties.id, id))),
      db
        .update(propertyStatusHistory)
        .set({ motivo: REASONS[l.status] ?? null })
        .where(scope.where(propertyStatusHistory, and(eq(propertyStatusHistory.propertyId, id), eq(propertyStatusHistory.para, l.status)))),
    );
  });
  // Three listings on the market for weeks had their price cut 5% in the last days (the database
  // keeps the change: the Imóveis report's "Mudanças de preço"). Sale prices to R$ 1.000, rents to R$ 10.
  const cut = (cents: unknown, step: number) => (typeof cents === "number" ? Math.round((cents * 0.95) / step) * step : null);
  listings
    .map((l, i) => ({ l, values: rows[i] as Record<string, unknown> }))
    .filter(({ l }) => l.status === "disponivel" && l.createdDaysAgo >= 20)
    .slice(0, 3)
    .forEach(({ values }, k) => {
      const venda = cut(values.valorVendaCentavos, 100_000);
      const locacao = cut(values.valorLocacaoCentavos, 1_000);
      statements.push(
        db
          .update(properties)
          .set({
            valorVendaCentavos: venda,
            valorLocacaoCentavos: locacao,
            precoCentavos: venda ?? locacao,
            atualizadoEm: new Date(ms - [2, 5, 9][k]! * DAY),
            atualizadoPor: by,
          })
          .where(scope.where(properties, eq(properties.id, values.id as string))),
      );
    });
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return {
    propertyIds: rows.map((r) => r.id as string),
    draftIds: draftRows.map((r) => r.id as string),
    // Meant for the portals: marked once their photos exist (the readiness rules need them).
    portalIds: rows.filter((_, i) => listings[i]?.input.portal === "on").map((r) => r.id as string),
  };
}
