import type { ClientKind, ClientOrigin, CompanyType } from "../../shared/enums.ts";
import type { PhoneInput } from "../../shared/resources/schema-helpers.ts";
import { localDay, localInstant } from "../../shared/format.ts";
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";
import {
  CLIENT_NOTES,
  CLIENT_TAGS,
  COMPANY_CLIENT_ADDRESSES,
  COMPANY_CLIENT_NAMES,
  type ClientTag,
  LISTINGS,
  NEIGHBORHOODS,
  OTHER_CITIES,
  PERSON_EMAIL_DOMAINS,
  PERSON_NAMES,
  RELOCATION_NOTES,
  type Street,
} from "./demo-names.ts";
import { createRng, generateCnpj, generateCpf, generateEan13, generateInscricaoEstadualSp, hashSeed, type Rng } from "./demo-random.ts";

/**
 * Demo data for "Imobiliária Horizonte" (Pinheiros, São Paulo): pure, deterministic generators
 * returning plain input objects in the shape the app's forms and JSON API submit. Documents,
 * phones and CEPs are masked the way a person types them ("123.456.789-09", "(11) 98765-4321",
 * "05422-030"); parse with the resource schemas to get the canonical stored values. Records
 * point at each other by stable keys (company `key`, product `sku`), never by database ids.
 */

// ---------------------------------------------------------------------------
// Types

/** Input of `companySchema` plus a stable `key` other demo records reference. */
export interface CompanyDemo {
  key: string;
  tipo: CompanyType;
  cnpj?: string;
  razaoSocial: string;
  nomeFantasia?: string;
  inscricaoEstadual?: string;
  email?: string;
  telefone?: string;
  site?: string;
  cep?: string;
  rua?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  cidade?: string;
  uf?: string;
  observacoes?: string;
}

/** Input of `clientSchema`, with the company named by `empresaKey` (a `CompanyDemo.key`) instead of `empresaId`. */
export interface ClientDemo {
  tipo: ClientKind;
  nome: string;
  /** CPF (pessoa física) or CNPJ (jurídica), masked. */
  documento?: string;
  email?: string;
  telefones: PhoneInput[];
  /** "aaaa-mm-dd". */
  aniversario?: string;
  cep?: string;
  rua?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  cidade?: string;
  uf?: string;
  tags: string[];
  origem?: ClientOrigin;
  observacoes?: string;
  consentimentoLgpd: boolean;
  empresaKey?: string;
}

import type { ProductUnit } from "../../shared/enums.ts";
export type { ProductUnit };

export interface ProductDemo {
  /** Unique, e.g. "PLC-VND-6040". */
  sku: string;
  nome: string;
  /** EAN-13 ("789…") with a valid check digit; absent for made-to-order items. */
  codigoBarras?: string;
  unidade: ProductUnit;
  categoria: string;
  custoCentavos: number;
  precoCentavos: number;
  /** In `unidade`; may be fractional (kg, milheiro). */
  estoqueMinimo: number;
  /** A fornecedor's `CompanyDemo.key`. */
  fornecedorKey?: string;
  ativo: boolean;
  descricao?: string;
}

export type MovementKind = "entrada" | "saida" | "ajuste";

/** The demo people who move stock (members of the demo organization, see DEMO_PEOPLE in demo.ts). */
export const DEMO_STOCK_EMAILS = ["demo@alicerce.app", "carlos.almeida@alicerce.app", "juliana.lima@alicerce.app"] as const;
export type DemoStockEmail = (typeof DEMO_STOCK_EMAILS)[number];

export interface MovementDemo {
  produtoSku: string;
  tipo: MovementKind;
  /** Positive for entrada/saída (the sign comes from `tipo`); signed and non-zero for ajuste. */
  quantidade: number;
  /** Entradas only. */
  custoUnitarioCentavos?: number;
  motivo: string;
  /** ISO instant, business hours in São Paulo (UTC−3). */
  ocorridoEm: string;
  porEmail: DemoStockEmail;
}

const SEED_COMPANIES = 0x48_4f_52_01;
const SEED_CLIENTS = 0x48_4f_52_02;
const SEED_PRODUCTS = 0x48_4f_52_03;
const SEED_MOVEMENTS = 0x48_4f_52_04;

/** The demo organization's own CNPJ (DEMO_ORGANIZATION.document): generated documents never repeat it. */
const ORGANIZATION_CNPJ = "45.723.174/0001-10";

// ---------------------------------------------------------------------------
// Companies

type CompanyTemplate = Omit<CompanyDemo, "cnpj" | "inscricaoEstadual"> & { ie: "gerar" | "ISENTO" | null };

const COMPANY_TEMPLATES: readonly CompanyTemplate[] = [
  {
    key: "construtora-vale-pinheiro",
    tipo: "construtora",
    razaoSocial: "Construtora Vale do Pinheiro Ltda.",
    nomeFantasia: "Vale do Pinheiro Construtora",
    ie: "gerar",
    email: "comercial@valedopinheiro.com.br",
    telefone: "(11) 3081-4520",
    site: "https://www.valedopinheiro.com.br",
    cep: "05409-001",
    rua: "Rua Capote Valente",
    numero: "432",
    complemento: "Conjunto 71",
    bairro: "Pinheiros",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Parceira em prédios de até 12 andares na Zona Oeste. Contato comercial: Eng. Luiz Fernando Carvalho.",
  },
  {
    key: "teixeira-moura",
    tipo: "construtora",
    razaoSocial: "Teixeira & Moura Engenharia e Construções Ltda.",
    nomeFantasia: "Teixeira & Moura Engenharia",
    ie: "gerar",
    email: "obras@teixeiramoura.com.br",
    telefone: "(11) 3868-1190",
    site: "https://www.teixeiramoura.com.br",
    cep: "05018-001",
    rua: "Rua Cayowaá",
    numero: "1071",
    complemento: "Sala 34",
    bairro: "Perdizes",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Reformas e retrofit de apartamentos antigos; indicada aos proprietários antes de anunciar.",
  },
  {
    key: "jacaranda-incorporacoes",
    tipo: "incorporadora",
    razaoSocial: "Jacarandá Incorporações e Participações Ltda.",
    nomeFantasia: "Jacarandá Incorporadora",
    ie: "ISENTO",
    email: "vendas@jacarandaincorporadora.com.br",
    telefone: "(11) 3168-7700",
    site: "https://www.jacarandaincorporadora.com.br",
    cep: "04534-002",
    rua: "Rua Joaquim Floriano",
    numero: "466",
    complemento: "Conjunto 1205",
    bairro: "Itaim Bibi",
    cidade: "São Paulo",
    uf: "SP",
    observacoes:
      "Lançamento Jacarandá Pinheiros (2 e 3 dormitórios, 96 unidades): a Horizonte tem exclusividade de vendas no bairro. Comissão de 4%.",
  },
  {
    key: "alto-da-lapa",
    tipo: "incorporadora",
    razaoSocial: "Alto da Lapa Empreendimentos Imobiliários SPE Ltda.",
    nomeFantasia: "Residencial Alto da Lapa",
    ie: "ISENTO",
    email: "atendimento@residencialaltodalapa.com.br",
    telefone: "(11) 3641-2208",
    site: "https://www.residencialaltodalapa.com.br",
    cep: "05042-000",
    rua: "Rua Clélia",
    numero: "1640",
    bairro: "Lapa",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "SPE do Residencial Alto da Lapa (torre única, 84 unidades). Financiamento na planta pela Caixa.",
  },
  {
    key: "condominio-solar-acacias",
    tipo: "condominio",
    razaoSocial: "Condomínio Edifício Solar das Acácias",
    ie: "ISENTO",
    email: "sindico.solardasacacias@gmail.com",
    telefone: "(11) 3062-9174",
    cep: "05407-002",
    rua: "Rua Cardeal Arcoverde",
    numero: "1749",
    bairro: "Pinheiros",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "48 apartamentos. Síndico: Paulo Sérgio Andrade. Mudanças só de segunda a sábado, das 8 h às 17 h, com agendamento.",
  },
  {
    key: "condominio-parque-harmonia",
    tipo: "condominio",
    razaoSocial: "Condomínio Residencial Parque Harmonia",
    ie: null,
    email: "administracao@parqueharmonia.com.br",
    telefone: "(11) 3813-5561",
    cep: "05435-001",
    rua: "Rua Harmonia",
    numero: "1250",
    bairro: "Vila Madalena",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Portaria 24 h. As chaves das unidades à venda ficam com o zelador, Sr. Valdir.",
  },
  {
    key: "grafica-pinheiros",
    tipo: "fornecedor",
    razaoSocial: "GCV Pinheiros Gráfica e Comunicação Visual Ltda.",
    nomeFantasia: "Gráfica Pinheiros",
    ie: "gerar",
    email: "orcamento@graficapinheiros.com.br",
    telefone: "(11) 3031-4872",
    site: "https://www.graficapinheiros.com.br",
    cep: "05421-001",
    rua: "Rua Cunha Gago",
    numero: "412",
    bairro: "Pinheiros",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Placas em PVC e lona, folders, cartões e brindes. Prazo de 3 dias úteis; entrega grátis acima de R$ 300,00.",
  },
  {
    key: "chaveiro-teodoro",
    tipo: "fornecedor",
    razaoSocial: "J. R. Santos Chaveiro e Fechaduras Ltda.",
    nomeFantasia: "Chaveiro Teodoro Sampaio",
    ie: "gerar",
    email: "chaveiroteodoro@gmail.com",
    telefone: "(11) 97412-3350",
    cep: "05406-150",
    rua: "Rua Teodoro Sampaio",
    numero: "1931",
    complemento: "Box 3",
    bairro: "Pinheiros",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Cópias de chave tetra em até 1 hora, cadeados e lacres. Atende emergências 24 h.",
  },
  {
    key: "papelaria-fradique",
    tipo: "fornecedor",
    razaoSocial: "Fradique Papelaria e Informática Ltda.",
    nomeFantasia: "Papelaria Fradique",
    ie: "gerar",
    email: "vendas@papelariafradique.com.br",
    telefone: "(11) 3815-2290",
    site: "https://www.papelariafradique.com.br",
    cep: "05416-001",
    rua: "Rua Fradique Coutinho",
    numero: "954",
    complemento: "Loja 2",
    bairro: "Pinheiros",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Material de escritório, toner e pilhas. Entrega no mesmo dia para pedidos até 14 h; boleto para 28 dias.",
  },
  {
    key: "grao-paulista",
    tipo: "fornecedor",
    razaoSocial: "Grão Paulista Distribuidora de Café e Água Ltda.",
    nomeFantasia: "Grão Paulista",
    ie: "gerar",
    email: "pedidos@graopaulista.com.br",
    telefone: "(11) 3832-6615",
    site: "https://www.graopaulista.com.br",
    cep: "05033-002",
    rua: "Rua Guaicurus",
    numero: "1124",
    bairro: "Lapa",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Café, água mineral, descartáveis e papel toalha. Pedido mínimo de R$ 150,00; entrega às terças e sextas.",
  },
  {
    key: "studio-madalena",
    tipo: "cliente_pj",
    razaoSocial: "Studio Madalena Arquitetura e Interiores Ltda.",
    nomeFantasia: "Studio Madalena",
    ie: "ISENTO",
    email: "contato@studiomadalena.com.br",
    telefone: "(11) 3032-7745",
    site: "https://www.studiomadalena.com.br",
    cep: "05433-010",
    rua: "Rua Aspicuelta",
    numero: "380",
    bairro: "Vila Madalena",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Aluga com a Horizonte a casa comercial da Rua Girassol, 512; contrato de 30 meses com reajuste pelo IPCA.",
  },
  {
    key: "despachante-cardoso",
    tipo: "parceiro",
    razaoSocial: "Cardoso Assessoria Documental e Despachante Ltda.",
    nomeFantasia: "Despachante Cardoso",
    ie: "ISENTO",
    email: "atendimento@despachantecardoso.com.br",
    telefone: "(11) 3836-4410",
    cep: "05073-001",
    rua: "Rua Doze de Outubro",
    numero: "386",
    complemento: "Sala 12",
    bairro: "Lapa",
    cidade: "São Paulo",
    uf: "SP",
    observacoes: "Certidões, ITBI e registro em cartório. Prazo médio das certidões: 5 dias úteis.",
  },
];

/** The 12 companies: 2 construtoras, 2 incorporadoras, 2 condomínios, 4 fornecedores, 1 cliente PJ, 1 parceiro. */
export function demoCompanies(): CompanyDemo[] {
  const rng = createRng(SEED_COMPANIES);
  const used = new Set<string>([ORGANIZATION_CNPJ]);
  return COMPANY_TEMPLATES.map(({ ie, ...template }) => {
    const cnpj = uniqueDocument(used, () => generateCnpj(rng));
    const inscricaoEstadual = ie === "gerar" ? generateInscricaoEstadualSp(rng) : (ie ?? undefined);
    const { key, tipo, razaoSocial, nomeFantasia, ...rest } = template;
    return withoutUndefined({ key, tipo, cnpj, razaoSocial, nomeFantasia, inscricaoEstadual, ...rest });
  });
}

// ---------------------------------------------------------------------------
// Clients

/** Clients tied to one of the companies, with what the broker noted about them. */
const LINKED_CLIENTS: Readonly<Record<string, { empresaKey: string; nota: string; tags: readonly ClientTag[] }>> = {
  "Paulo Sérgio Andrade": {
    empresaKey: "condominio-solar-acacias",
    nota: "Síndico do Edifício Solar das Acácias; avisa quando há apartamento à venda no prédio.",
    tags: ["proprietário"],
  },
  "Cláudia Regina Lopes": {
    empresaKey: "condominio-parque-harmonia",
    nota: "Subsíndica do Parque Harmonia. Quer vender o apartamento do bloco B e comprar uma casa.",
    tags: ["proprietário", "permuta"],
  },
  "Luiz Fernando Carvalho": {
    empresaKey: "construtora-vale-pinheiro",
    nota: "Engenheiro da Vale do Pinheiro; quer uma unidade do próximo lançamento para investir.",
    tags: ["investidor"],
  },
  "Eduardo Haddad": {
    empresaKey: "jacaranda-incorporacoes",
    nota: "Diretor comercial da Jacarandá; negociar com ele as unidades do estoque do lançamento.",
    tags: ["vip"],
  },
  "Ricardo Tanaka Ferraz": {
    empresaKey: "alto-da-lapa",
    nota: "Gerente de obras do Alto da Lapa; agenda as visitas ao decorado.",
    tags: [],
  },
  "Renata Cristina Soares": {
    empresaKey: "studio-madalena",
    nota: "Sócia do Studio Madalena; procura apartamento antigo para reformar em Perdizes.",
    tags: ["permuta"],
  },
  "Sérgio Luís Pacheco": {
    empresaKey: "despachante-cardoso",
    nota: "Despachante parceiro; indica clientes que estão regularizando imóveis.",
    tags: [],
  },
  "Gustavo Henrique Rocha": {
    empresaKey: "teixeira-moura",
    nota: "Engenheiro da Teixeira & Moura; faz os orçamentos de reforma dos nossos proprietários.",
    tags: ["proprietário"],
  },
  "Vanessa Lombardi": {
    empresaKey: "grafica-pinheiros",
    nota: "Dona da Gráfica Pinheiros; procura apartamento de 3 dormitórios em Perdizes.",
    tags: ["financiamento"],
  },
  "Bruno Cavalcanti": {
    empresaKey: "papelaria-fradique",
    nota: "Gerente da Papelaria Fradique; quer alugar perto do trabalho.",
    tags: ["locatário"],
  },
};

/** What the pessoa-jurídica clients are about, in COMPANY_CLIENT_NAMES order (undefined: no note). */
const COMPANY_CLIENT_NOTES: readonly ({ texto: string; tags: readonly ClientTag[] } | undefined)[] = [
  { texto: "Locatária da loja da Rua Teodoro Sampaio, 1744; reajuste anual pelo IGP-M em agosto.", tags: ["locatário"] },
  { texto: "Holding da família Nakamura; compra unidades na planta para renda.", tags: ["investidor", "vip"] },
  { texto: "Procura conjunto comercial de 80 m² em Perdizes com 2 vagas.", tags: [] },
  { texto: "Proprietária de três lojas na Rua Tito; a Horizonte administra as locações.", tags: ["proprietário"] },
  undefined,
  undefined,
  { texto: "Procura escritório de 200 m² em Pinheiros para 30 pessoas, perto do metrô Fradique Coutinho.", tags: ["locatário"] },
  undefined,
];

/** How many clients came from each channel (60 in all; two without origem). */
const ORIGIN_COUNTS: readonly (readonly [ClientOrigin | undefined, number])[] = [
  ["indicacao", 14],
  ["portal", 12],
  ["instagram", 10],
  ["site", 8],
  ["facebook", 6],
  ["passante", 5],
  ["outro", 3],
  [undefined, 2],
];

/** The CPF's fiscal region follows where the person comes from (8 = SP). */
const CPF_REGION_BY_DDD: Readonly<Record<string, number>> = { "21": 7, "31": 6, "41": 9 };

const PARTICLES = new Set(["da", "de", "do", "das", "dos", "e"]);

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** "Maria Aparecida dos Santos" → "maria.santos", "mariasantos84", "m.santos"… */
function emailLocalPart(rng: Rng, nome: string, birthYear: number | undefined): string {
  const words = nome.split(" ").filter((w) => !PARTICLES.has(w.toLowerCase()));
  const first = slug(words[0] ?? nome);
  const last = slug(words.at(-1) ?? nome);
  const middle = words.length > 2 ? slug(words[1] ?? "") : "";
  const year = birthYear ? String(birthYear).slice(2) : String(rng.int(10, 99));
  const patterns = [
    `${first}.${last}`,
    `${first}.${last}`,
    `${first}${last}${year}`,
    `${first}_${last}`,
    `${first.slice(0, 1)}${last}`,
    `${first}.${middle || last}`,
    `${first}${middle}${last}`,
  ];
  return rng.pick(patterns);
}

function mobile(rng: Rng, ddd: string): string {
  return `(${ddd}) 9${rng.int(5, 9)}${rng.digits(3)}-${rng.digits(4)}`;
}

function landline(rng: Rng, ddd: string): string {
  return `(${ddd}) ${rng.weighted([
    ["3", 6],
    ["2", 2],
    ["5", 1],
  ])}${rng.digits(3)}-${rng.digits(4)}`;
}

function birthday(rng: Rng): string {
  // Triangular-ish around the 1980s: adults who buy and rent.
  const year = Math.round((rng.int(1950, 2004) + rng.int(1958, 2000)) / 2);
  const month = rng.int(1, 12);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = rng.int(1, days);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function apartmentComplement(rng: Rng): string | undefined {
  return rng.weighted<string | undefined>([
    [`Apto ${rng.int(1, 22)}${rng.int(1, 4)}`, 11],
    [`Apto ${rng.int(1, 18)}${rng.int(1, 4)}, Bloco ${rng.pick(["A", "B", "C"])}`, 2],
    [`Casa ${rng.int(1, 8)}`, 2],
    [undefined, 5],
  ]);
}

function uniqueDocument(used: Set<string>, make: () => string): string {
  for (;;) {
    const doc = make();
    if (!used.has(doc)) {
      used.add(doc);
      return doc;
    }
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** 60 clients: 52 pessoas físicas and 8 jurídicas, 10 of them linked to a company by `empresaKey`. */
export function demoClients(): ClientDemo[] {
  const rng = createRng(SEED_CLIENTS);
  const companies = demoCompanies();
  const usedDocuments = new Set<string>([ORGANIZATION_CNPJ, ...companies.map((c) => c.cnpj ?? "")]);
  const usedEmails = new Set<string>();
  const usedPhones = new Set<string>();
  const total = PERSON_NAMES.length + COMPANY_CLIENT_NAMES.length;

  const origins = rng.shuffle(ORIGIN_COUNTS.flatMap(([origin, n]) => Array.from({ length: n }, () => origin)));
  const consents = rng.shuffle(Array.from({ length: total }, (_, i) => i < Math.round(total * 0.8)));

  const phoneOnce = (make: () => string): string => {
    for (;;) {
      const number = make();
      if (!usedPhones.has(number)) {
        usedPhones.add(number);
        return number;
      }
    }
  };
  const emailOnce = (local: string, domain: string): string => {
    for (let n = 0; ; n++) {
      const email = `${n === 0 ? local : `${local}${n + 1}`}@${domain}`;
      if (!usedEmails.has(email)) {
        usedEmails.add(email);
        return email;
      }
    }
  };

  // Roles of the pessoas físicas, drawn once: who lives out of town, who moved from another
  // state, who is only a lead (no CPF, no address yet), who has a birthday on file.
  const free = rng.shuffle(PERSON_NAMES.map((_, i) => i).filter((i) => !LINKED_CLIENTS[PERSON_NAMES[i] as string]));
  const outOfTown = new Set(free.slice(0, 7));
  const movers = new Map<number, string>(["21", "21", "31", "41"].map((ddd, k) => [free[7 + k] as number, ddd] as [number, string]));
  const leads = new Set(free.slice(11, 15));
  const withNotes = new Set(free.slice(15, 25));
  const withoutEmail = new Set(free.slice(25, 28));
  const withBirthday = new Set(rng.shuffle(PERSON_NAMES.map((_, i) => i).filter((i) => !leads.has(i))).slice(0, 40));
  const towns = rng.shuffle(OTHER_CITIES);
  const notes = rng.shuffle(CLIENT_NOTES);
  const streetWeights = NEIGHBORHOODS.map((n) => [n.streets, n.weight] as const);

  const people: ClientDemo[] = PERSON_NAMES.map((nome, i) => {
    const linked = LINKED_CLIENTS[nome];
    const moverDdd = movers.get(i);
    let street: Street | undefined;
    if (outOfTown.has(i)) street = towns.pop();
    else if (!leads.has(i)) street = rng.pick(rng.weighted(streetWeights));
    const ddd = moverDdd ?? (street?.cidade === "Campinas" ? "19" : "11");
    const region = CPF_REGION_BY_DDD[ddd] ?? 8;

    const aniversario = withBirthday.has(i) ? birthday(rng) : undefined;
    const telefones: PhoneInput[] = [
      withoutUndefined({
        numero: phoneOnce(() => mobile(rng, ddd)),
        whatsapp: rng.chance(0.9),
        rotulo: rng.chance(0.6) ? "Celular" : undefined,
      }),
    ];
    if (rng.chance(0.35)) {
      const fixed = rng.chance(0.5);
      telefones.push(
        fixed
          ? { numero: phoneOnce(() => landline(rng, "11")), whatsapp: false, rotulo: rng.pick(["Residencial", "Comercial"]) }
          : { numero: phoneOnce(() => mobile(rng, "11")), whatsapp: rng.chance(0.6), rotulo: rng.pick(["Trabalho", "Cônjuge", "Recado"]) },
      );
    }

    let email: string | undefined;
    if (!withoutEmail.has(i)) {
      const company = linked ? companies.find((c) => c.key === linked.empresaKey) : undefined;
      const corporate = company?.email && !company.email.endsWith("@gmail.com") && rng.chance(0.5);
      const domain = corporate ? (company.email?.split("@")[1] as string) : rng.weighted(PERSON_EMAIL_DOMAINS);
      email = emailOnce(emailLocalPart(rng, nome, aniversario ? Number(aniversario.slice(0, 4)) : undefined), domain);
    }

    let observacoes: string | undefined;
    let tags: ClientTag[] = [];
    if (linked) {
      observacoes = linked.nota;
      tags = [...linked.tags];
    } else if (moverDdd) {
      observacoes = RELOCATION_NOTES[moverDdd];
      tags = ["locatário"];
    } else if (withNotes.has(i)) {
      const note = notes.pop();
      observacoes = note?.texto;
      tags = [...(note?.tags ?? [])];
    } else if (rng.chance(0.5)) {
      tags = [rng.pick(CLIENT_TAGS)];
    }

    return withoutUndefined({
      tipo: "pf" as const,
      nome,
      documento: leads.has(i) ? undefined : uniqueDocument(usedDocuments, () => generateCpf(rng, region)),
      email,
      telefones,
      aniversario,
      cep: street?.cep,
      rua: street?.rua,
      numero: street
        ? String(
            rng.weighted([
              [rng.int(10, 999), 3],
              [rng.int(1000, 2400), 1],
            ]),
          )
        : undefined,
      complemento: street ? apartmentComplement(rng) : undefined,
      bairro: street?.bairro,
      cidade: street?.cidade,
      uf: street?.uf,
      tags,
      origem: origins[i],
      observacoes,
      consentimentoLgpd: consents[i] as boolean,
      empresaKey: linked?.empresaKey,
    });
  });

  const firms: ClientDemo[] = COMPANY_CLIENT_NAMES.map((firm, k) => {
    const i = PERSON_NAMES.length + k;
    const address = COMPANY_CLIENT_ADDRESSES[k] as (typeof COMPANY_CLIENT_ADDRESSES)[number];
    const note = COMPANY_CLIENT_NOTES[k];
    const telefones: PhoneInput[] = [{ numero: phoneOnce(() => landline(rng, "11")), whatsapp: false, rotulo: "Comercial" }];
    if (rng.chance(0.7)) telefones.push({ numero: phoneOnce(() => mobile(rng, "11")), whatsapp: true, rotulo: "WhatsApp" });
    return withoutUndefined({
      tipo: "pj" as const,
      nome: firm.nome,
      documento: uniqueDocument(usedDocuments, () => generateCnpj(rng)),
      email: emailOnce(firm.caixa, firm.dominio),
      telefones,
      cep: address.cep,
      rua: address.rua,
      numero: address.numero,
      complemento: address.complemento,
      bairro: address.bairro,
      cidade: address.cidade,
      uf: address.uf,
      tags: [...(note?.tags ?? [])],
      origem: origins[i],
      observacoes: note?.texto,
      consentimentoLgpd: consents[i] as boolean,
    });
  });

  // Interleave: the list should not read as "all people, then all companies".
  return rng.shuffle([...people, ...firms]);
}

// ---------------------------------------------------------------------------
// Products

/** How a product leaves the stock, for the movement's motivo. */
type Usage =
  | "placa-venda"
  | "placa-aluguel"
  | "adesivo"
  | "copia"
  | "cadeado"
  | "cofre"
  | "identificacao"
  | "impresso"
  | "cartao"
  | "pasta"
  | "escritorio"
  | "papel"
  | "toner"
  | "envelope"
  | "pilha"
  | "lampada"
  | "copa"
  | "agua"
  | "limpeza"
  | "kit"
  | "capacho"
  | "bombom";

/** Where the product's balance should end: comfortably above the minimum, below it, or at zero. */
type Ending = "ok" | "baixo" | "zerado";

interface ProductSpec extends Omit<ProductDemo, "codigoBarras" | "ativo"> {
  ean: boolean;
  ativo?: false;
  /** Quantity granularity (0.5 kg, 0.25 milheiro…). */
  passo: number;
  /** A saída takes this many `passo`s. */
  qtd: readonly [number, number];
  /** Saídas per week, on average. */
  porSemana: number;
  /** Quantity of one purchase. */
  lote: number;
  uso: Usage;
  fim: Ending;
}

const GRAFICA = "grafica-pinheiros";
const CHAVEIRO = "chaveiro-teodoro";
const PAPELARIA = "papelaria-fradique";
const GRAO = "grao-paulista";

const PRODUCT_SPECS: readonly ProductSpec[] = [
  // Placas e sinalização
  {
    sku: "PLC-VND-6040",
    nome: "Placa “Vende-se” 60 × 40 cm",
    ean: false,
    unidade: "un",
    categoria: "Placas e sinalização",
    custoCentavos: 3890,
    precoCentavos: 5500,
    estoqueMinimo: 8,
    fornecedorKey: GRAFICA,
    descricao: "PVC 2 mm, impressão UV com logotipo e telefone da imobiliária.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 2,
    lote: 20,
    uso: "placa-venda",
    fim: "zerado",
  },
  {
    sku: "PLC-VND-9060",
    nome: "Placa “Vende-se” 90 × 60 cm",
    ean: false,
    unidade: "un",
    categoria: "Placas e sinalização",
    custoCentavos: 6450,
    precoCentavos: 8900,
    estoqueMinimo: 4,
    fornecedorKey: GRAFICA,
    descricao: "Para casas e terrenos; PVC 3 mm com ilhoses.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.8,
    lote: 10,
    uso: "placa-venda",
    fim: "ok",
  },
  {
    sku: "PLC-ALG-6040",
    nome: "Placa “Aluga-se” 60 × 40 cm",
    ean: false,
    unidade: "un",
    categoria: "Placas e sinalização",
    custoCentavos: 3890,
    precoCentavos: 5500,
    estoqueMinimo: 8,
    fornecedorKey: GRAFICA,
    descricao: "PVC 2 mm, impressão UV com logotipo e telefone da imobiliária.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 1.8,
    lote: 20,
    uso: "placa-aluguel",
    fim: "ok",
  },
  {
    sku: "PLC-ALG-9060",
    nome: "Placa “Aluga-se” 90 × 60 cm",
    ean: false,
    unidade: "un",
    categoria: "Placas e sinalização",
    custoCentavos: 6450,
    precoCentavos: 8900,
    estoqueMinimo: 4,
    fornecedorKey: GRAFICA,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.6,
    lote: 10,
    uso: "placa-aluguel",
    fim: "ok",
  },
  {
    sku: "PLC-ALG-3020",
    nome: "Placa “Aluga-se” 30 × 20 cm para janela",
    ean: false,
    unidade: "un",
    categoria: "Placas e sinalização",
    custoCentavos: 1890,
    precoCentavos: 2900,
    estoqueMinimo: 6,
    fornecedorKey: GRAFICA,
    ativo: false,
    descricao: "Fora de linha: substituída pela placa de 60 × 40 cm. Usar o estoque restante.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.4,
    lote: 25,
    uso: "placa-aluguel",
    fim: "ok",
  },
  {
    sku: "PLC-ADS-VND",
    nome: "Adesivo “Vendido” para placa 60 × 15 cm",
    ean: false,
    unidade: "un",
    categoria: "Placas e sinalização",
    custoCentavos: 450,
    precoCentavos: 800,
    estoqueMinimo: 10,
    fornecedorKey: GRAFICA,
    passo: 1,
    qtd: [1, 2],
    porSemana: 0.7,
    lote: 40,
    uso: "adesivo",
    fim: "ok",
  },
  // Chaves e segurança
  {
    sku: "CHV-IDT-100",
    nome: "Chaveiro identificador com etiqueta (pct com 100)",
    ean: true,
    unidade: "pct",
    categoria: "Chaves e segurança",
    custoCentavos: 2490,
    precoCentavos: 3490,
    estoqueMinimo: 2,
    fornecedorKey: CHAVEIRO,
    descricao: "Cores sortidas, para o quadro de chaves.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.4,
    lote: 5,
    uso: "identificacao",
    fim: "ok",
  },
  {
    sku: "CHV-COP-YALE",
    nome: "Cópia de chave Yale",
    ean: false,
    unidade: "un",
    categoria: "Chaves e segurança",
    custoCentavos: 800,
    precoCentavos: 1500,
    estoqueMinimo: 15,
    fornecedorKey: CHAVEIRO,
    passo: 1,
    qtd: [1, 4],
    porSemana: 2.2,
    lote: 40,
    uso: "copia",
    fim: "ok",
  },
  {
    sku: "CHV-COP-TETRA",
    nome: "Cópia de chave tetra",
    ean: false,
    unidade: "un",
    categoria: "Chaves e segurança",
    custoCentavos: 2500,
    precoCentavos: 4000,
    estoqueMinimo: 6,
    fornecedorKey: CHAVEIRO,
    passo: 1,
    qtd: [1, 3],
    porSemana: 1,
    lote: 20,
    uso: "copia",
    fim: "ok",
  },
  {
    sku: "CHV-CAD-30",
    nome: "Cadeado de latão 30 mm",
    ean: true,
    unidade: "un",
    categoria: "Chaves e segurança",
    custoCentavos: 2390,
    precoCentavos: 3490,
    estoqueMinimo: 6,
    fornecedorKey: CHAVEIRO,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.8,
    lote: 12,
    uso: "cadeado",
    fim: "ok",
  },
  {
    sku: "CHV-CAD-40",
    nome: "Cadeado de latão 40 mm",
    ean: true,
    unidade: "un",
    categoria: "Chaves e segurança",
    custoCentavos: 3190,
    precoCentavos: 4590,
    estoqueMinimo: 4,
    fornecedorKey: CHAVEIRO,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.7,
    lote: 10,
    uso: "cadeado",
    fim: "zerado",
  },
  {
    sku: "CHV-COF-SEG",
    nome: "Cofre porta-chaves com segredo",
    ean: true,
    unidade: "un",
    categoria: "Chaves e segurança",
    custoCentavos: 8990,
    precoCentavos: 12900,
    estoqueMinimo: 2,
    descricao: "De parede, com segredo de 4 dígitos: visitas sem corretor no imóvel.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.3,
    lote: 6,
    uso: "cofre",
    fim: "ok",
  },
  {
    sku: "CHV-LAC-100",
    nome: "Lacre numerado para chaveiro (pct com 100)",
    ean: true,
    unidade: "pct",
    categoria: "Chaves e segurança",
    custoCentavos: 1890,
    precoCentavos: 1890,
    estoqueMinimo: 2,
    fornecedorKey: CHAVEIRO,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.35,
    lote: 6,
    uso: "identificacao",
    fim: "ok",
  },
  // Material gráfico
  {
    sku: "GRF-FLD-A4",
    nome: "Folder A4 com 2 dobras, couchê 115 g",
    ean: false,
    unidade: "milheiro",
    categoria: "Material gráfico",
    custoCentavos: 38000,
    precoCentavos: 38000,
    estoqueMinimo: 1,
    fornecedorKey: GRAFICA,
    descricao: "Imóveis em destaque do mês; arte atualizada pela equipe de marketing.",
    passo: 0.25,
    qtd: [1, 2],
    porSemana: 0.9,
    lote: 3,
    uso: "impresso",
    fim: "ok",
  },
  {
    sku: "GRF-CRT-VIS",
    nome: "Cartão de visita 4 × 4 cores, couchê 300 g",
    ean: false,
    unidade: "milheiro",
    categoria: "Material gráfico",
    custoCentavos: 9500,
    precoCentavos: 9500,
    estoqueMinimo: 1,
    fornecedorKey: GRAFICA,
    passo: 0.25,
    qtd: [1, 2],
    porSemana: 0.5,
    lote: 4,
    uso: "cartao",
    fim: "ok",
  },
  {
    sku: "GRF-PST-DOC",
    nome: "Pasta com bolsa para documentos, personalizada",
    ean: false,
    unidade: "un",
    categoria: "Material gráfico",
    custoCentavos: 390,
    precoCentavos: 390,
    estoqueMinimo: 50,
    fornecedorKey: GRAFICA,
    descricao: "Entregue ao cliente com a cópia do contrato.",
    passo: 1,
    qtd: [5, 20],
    porSemana: 1.6,
    lote: 300,
    uso: "pasta",
    fim: "ok",
  },
  // Escritório
  {
    sku: "ESC-PAP-A4",
    nome: "Papel sulfite A4 75 g (resma com 500 folhas)",
    ean: true,
    unidade: "resma",
    categoria: "Escritório",
    custoCentavos: 2690,
    precoCentavos: 2690,
    estoqueMinimo: 10,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [1, 3],
    porSemana: 2.5,
    lote: 30,
    uso: "papel",
    fim: "baixo",
  },
  {
    sku: "ESC-TON-58A",
    nome: "Toner compatível para impressora laser (3.000 páginas)",
    ean: true,
    unidade: "un",
    categoria: "Escritório",
    custoCentavos: 18900,
    precoCentavos: 18900,
    estoqueMinimo: 2,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.35,
    lote: 4,
    uso: "toner",
    fim: "baixo",
  },
  {
    sku: "ESC-CAN-AZL",
    nome: "Caneta esferográfica azul (cx com 50)",
    ean: true,
    unidade: "cx",
    categoria: "Escritório",
    custoCentavos: 4290,
    precoCentavos: 4290,
    estoqueMinimo: 2,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.3,
    lote: 4,
    uso: "escritorio",
    fim: "ok",
  },
  {
    sku: "ESC-BLC-ADS",
    nome: "Bloco de notas adesivas 76 × 76 mm (pct com 4)",
    ean: true,
    unidade: "pct",
    categoria: "Escritório",
    custoCentavos: 2190,
    precoCentavos: 2190,
    estoqueMinimo: 4,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [1, 2],
    porSemana: 0.6,
    lote: 12,
    uso: "escritorio",
    fim: "ok",
  },
  {
    sku: "ESC-GRA-266",
    nome: "Grampo 26/6 galvanizado (cx com 5.000)",
    ean: true,
    unidade: "cx",
    categoria: "Escritório",
    custoCentavos: 690,
    precoCentavos: 690,
    estoqueMinimo: 2,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.2,
    lote: 6,
    uso: "escritorio",
    fim: "ok",
  },
  {
    sku: "ESC-PST-ELA",
    nome: "Pasta plástica com elástico, ofício",
    ean: true,
    unidade: "un",
    categoria: "Escritório",
    custoCentavos: 350,
    precoCentavos: 350,
    estoqueMinimo: 20,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [2, 8],
    porSemana: 1.2,
    lote: 100,
    uso: "escritorio",
    fim: "ok",
  },
  {
    sku: "ESC-FIT-45",
    nome: "Fita adesiva transparente 45 mm × 45 m",
    ean: true,
    unidade: "un",
    categoria: "Escritório",
    custoCentavos: 590,
    precoCentavos: 590,
    estoqueMinimo: 6,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [1, 2],
    porSemana: 0.6,
    lote: 24,
    uso: "escritorio",
    fim: "ok",
  },
  {
    sku: "ESC-ENV-KFT",
    nome: "Envelope saco kraft 24 × 34 cm (cx com 250)",
    ean: true,
    unidade: "cx",
    categoria: "Escritório",
    custoCentavos: 8990,
    precoCentavos: 8990,
    estoqueMinimo: 1,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.25,
    lote: 4,
    uso: "envelope",
    fim: "ok",
  },
  // Manutenção
  {
    sku: "MAN-PIL-AA",
    nome: "Pilha alcalina AA (cartela com 4)",
    ean: true,
    unidade: "pct",
    categoria: "Manutenção",
    custoCentavos: 1890,
    precoCentavos: 2490,
    estoqueMinimo: 4,
    fornecedorKey: PAPELARIA,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.5,
    lote: 10,
    uso: "pilha",
    fim: "ok",
  },
  {
    sku: "MAN-LMP-9W",
    nome: "Lâmpada LED bulbo 9 W, luz branca",
    ean: true,
    unidade: "un",
    categoria: "Manutenção",
    custoCentavos: 990,
    precoCentavos: 1490,
    estoqueMinimo: 10,
    descricao: "Para trocar nos imóveis anunciados antes das visitas.",
    passo: 1,
    qtd: [1, 4],
    porSemana: 1,
    lote: 30,
    uso: "lampada",
    fim: "ok",
  },
  // Copa e cozinha
  {
    sku: "COP-CAF-GRA",
    nome: "Café em grãos torrado",
    ean: true,
    unidade: "kg",
    categoria: "Copa e cozinha",
    custoCentavos: 6490,
    precoCentavos: 6490,
    estoqueMinimo: 2.5,
    fornecedorKey: GRAO,
    descricao: "Pacote de 1 kg, torra média, para a máquina da recepção.",
    passo: 0.5,
    qtd: [1, 2],
    porSemana: 2,
    lote: 6,
    uso: "copa",
    fim: "baixo",
  },
  {
    sku: "COP-CAF-MOI",
    nome: "Café torrado e moído 500 g",
    ean: true,
    unidade: "pct",
    categoria: "Copa e cozinha",
    custoCentavos: 1790,
    precoCentavos: 1790,
    estoqueMinimo: 4,
    fornecedorKey: GRAO,
    passo: 1,
    qtd: [1, 2],
    porSemana: 1.2,
    lote: 12,
    uso: "copa",
    fim: "ok",
  },
  {
    sku: "COP-ACU-1KG",
    nome: "Açúcar refinado",
    ean: true,
    unidade: "kg",
    categoria: "Copa e cozinha",
    custoCentavos: 549,
    precoCentavos: 549,
    estoqueMinimo: 2,
    fornecedorKey: GRAO,
    descricao: "Pacote de 1 kg.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.6,
    lote: 10,
    uso: "copa",
    fim: "ok",
  },
  {
    sku: "COP-CHA-CAM",
    nome: "Chá de camomila (cx com 10 sachês)",
    ean: true,
    unidade: "cx",
    categoria: "Copa e cozinha",
    custoCentavos: 590,
    precoCentavos: 590,
    estoqueMinimo: 2,
    fornecedorKey: GRAO,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.3,
    lote: 6,
    uso: "copa",
    fim: "ok",
  },
  {
    sku: "COP-AGU-500",
    nome: "Água mineral sem gás 500 ml (fardo com 12)",
    ean: true,
    unidade: "pct",
    categoria: "Copa e cozinha",
    custoCentavos: 1590,
    precoCentavos: 1590,
    estoqueMinimo: 6,
    fornecedorKey: GRAO,
    passo: 1,
    qtd: [1, 2],
    porSemana: 2,
    lote: 20,
    uso: "agua",
    fim: "baixo",
  },
  {
    sku: "COP-AGU-20L",
    nome: "Água mineral galão 20 l (recarga)",
    ean: true,
    unidade: "un",
    categoria: "Copa e cozinha",
    custoCentavos: 1400,
    precoCentavos: 1400,
    estoqueMinimo: 2,
    fornecedorKey: GRAO,
    passo: 1,
    qtd: [1, 1],
    porSemana: 1.1,
    lote: 6,
    uso: "copa",
    fim: "ok",
  },
  {
    sku: "COP-COP-200",
    nome: "Copo descartável 200 ml (pct com 100)",
    ean: true,
    unidade: "pct",
    categoria: "Copa e cozinha",
    custoCentavos: 790,
    precoCentavos: 790,
    estoqueMinimo: 3,
    fornecedorKey: GRAO,
    ativo: false,
    descricao: "Fora de linha: a copa passou a usar canecas. Usar o estoque restante.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.3,
    lote: 20,
    uso: "copa",
    fim: "ok",
  },
  // Limpeza
  {
    sku: "LMP-PAP-TOA",
    nome: "Papel toalha interfolhado (pct com 1.000 folhas)",
    ean: true,
    unidade: "pct",
    categoria: "Limpeza",
    custoCentavos: 1890,
    precoCentavos: 1890,
    estoqueMinimo: 4,
    fornecedorKey: GRAO,
    passo: 1,
    qtd: [1, 2],
    porSemana: 0.8,
    lote: 12,
    uso: "limpeza",
    fim: "ok",
  },
  {
    sku: "LMP-ALC-70",
    nome: "Álcool 70%",
    ean: true,
    unidade: "l",
    categoria: "Limpeza",
    custoCentavos: 990,
    precoCentavos: 990,
    estoqueMinimo: 4,
    descricao: "Frasco de 1 l.",
    passo: 1,
    qtd: [1, 2],
    porSemana: 0.6,
    lote: 12,
    uso: "limpeza",
    fim: "ok",
  },
  {
    sku: "LMP-DET-500",
    nome: "Detergente neutro 500 ml",
    ean: true,
    unidade: "un",
    categoria: "Limpeza",
    custoCentavos: 289,
    precoCentavos: 289,
    estoqueMinimo: 4,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.5,
    lote: 12,
    uso: "limpeza",
    fim: "ok",
  },
  {
    sku: "LMP-SAC-50L",
    nome: "Saco de lixo 50 l (pct com 10)",
    ean: true,
    unidade: "pct",
    categoria: "Limpeza",
    custoCentavos: 890,
    precoCentavos: 890,
    estoqueMinimo: 3,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.5,
    lote: 10,
    uso: "limpeza",
    fim: "ok",
  },
  // Brindes
  {
    sku: "BRD-KIT-MOR",
    nome: "Kit boas-vindas novo morador",
    ean: false,
    unidade: "un",
    categoria: "Brindes",
    custoCentavos: 4500,
    precoCentavos: 4500,
    estoqueMinimo: 5,
    fornecedorKey: GRAFICA,
    descricao: "Sacola com caneca, ímã de geladeira, guia do bairro e cartão de boas-vindas.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.9,
    lote: 15,
    uso: "kit",
    fim: "ok",
  },
  {
    sku: "BRD-CAP-PER",
    nome: "Capacho personalizado “Bem-vindo” 60 × 40 cm",
    ean: false,
    unidade: "un",
    categoria: "Brindes",
    custoCentavos: 5900,
    precoCentavos: 8900,
    estoqueMinimo: 3,
    fornecedorKey: GRAFICA,
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.4,
    lote: 10,
    uso: "capacho",
    fim: "ok",
  },
  {
    sku: "BRD-BOM-250",
    nome: "Caixa de bombons sortidos 250 g",
    ean: true,
    unidade: "cx",
    categoria: "Brindes",
    custoCentavos: 1990,
    precoCentavos: 1990,
    estoqueMinimo: 4,
    descricao: "Presente na assinatura do contrato.",
    passo: 1,
    qtd: [1, 1],
    porSemana: 0.8,
    lote: 12,
    uso: "bombom",
    fim: "ok",
  },
];

/** 40 products an imobiliária buys and keeps: placas, chaves, material gráfico, escritório, copa, limpeza, brindes. */
export function demoProducts(): ProductDemo[] {
  const rng = createRng(SEED_PRODUCTS);
  const used = new Set<string>();
  return PRODUCT_SPECS.map((spec) => {
    let codigoBarras: string | undefined;
    if (spec.ean) codigoBarras = uniqueDocument(used, () => generateEan13(rng));
    return withoutUndefined({
      sku: spec.sku,
      nome: spec.nome,
      codigoBarras,
      unidade: spec.unidade,
      categoria: spec.categoria,
      custoCentavos: spec.custoCentavos,
      precoCentavos: spec.precoCentavos,
      estoqueMinimo: spec.estoqueMinimo,
      fornecedorKey: spec.fornecedorKey,
      ativo: spec.ativo ?? true,
      descricao: spec.descricao,
    });
  });
}

// ---------------------------------------------------------------------------
// Stock movements

const DAY_MS = 86_400_000;
/** The demo business keeps the default zone (São Paulo): its wall-clock times are read there. */
const DEMO_ZONE = DEFAULT_TIME_ZONE;
const HISTORY_DAYS = 120;

interface BusinessDay {
  /** UTC midnight of the local calendar date. */
  date: number;
  saturday: boolean;
  /** Last weekday of its month: the monthly inventory count. */
  monthEnd: boolean;
}

/** Local business days (Monday–Saturday) from 119 days ago to yesterday, in São Paulo. */
function businessDays(now: Date): BusinessDay[] {
  const [y, m, d] = localDay(now, DEMO_ZONE).split("-").map(Number) as [number, number, number];
  const today = Date.UTC(y, m - 1, d);
  const out: BusinessDay[] = [];
  for (let k = HISTORY_DAYS - 1; k >= 1; k--) {
    const date = today - k * DAY_MS;
    const d = new Date(date);
    const weekday = d.getUTCDay();
    if (weekday === 0) continue;
    let last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
    while ([0, 6].includes(new Date(last).getUTCDay())) last -= DAY_MS;
    out.push({ date, saturday: weekday === 6, monthEnd: date === last });
  }
  return out;
}

/** Minutes after 08:00 local when each kind of event may happen. */
const WINDOW = { open: 0, close: 600, arrivalFrom: 30, arrivalTo: 150, countFrom: 540, saturdayOpen: 60, saturdayClose: 300 };

interface DayPlan {
  entrada?: number;
  saidas: number[];
  ajuste?: number;
}

function nextWeekday(days: readonly BusinessDay[], index: number): number {
  let i = index;
  while (i < days.length && days[i]?.saturday) i++;
  return i;
}

/** `k` distinct sorted integers in [lo, hi). */
function distinctSorted(rng: Rng, k: number, lo: number, hi: number): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(k, hi - lo)) picked.add(rng.int(lo, hi - 1));
  return [...picked].sort((a, b) => a - b);
}

function roundToStep(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** Splits `units` into `parts` positive integers, each near [lo, hi] when possible. */
function splitUnits(rng: Rng, units: number, parts: number, hi: number): number[] {
  const out = Array.from({ length: parts }, () => 1);
  let left = units - parts;
  while (left > 0) {
    const open = out.map((v, i) => [i, v] as const).filter(([, v]) => v < hi);
    const [i] = open.length ? rng.pick(open) : [rng.int(0, parts - 1)];
    out[i] = (out[i] as number) + 1;
    left--;
  }
  return out;
}

/** Business days, counted back from the end, in which a low product may be running out. */
const MAX_TAIL_DAYS = 70;

/**
 * Plans one product's days: purchases, uses and inventory adjustments, never below zero.
 * Products that end low stop being restocked near the end (the next order is late) and use
 * up what is left at about their usual pace.
 */
function planProduct(rng: Rng, spec: ProductSpec, days: readonly BusinessDay[]): DayPlan[] {
  const plans: DayPlan[] = days.map(() => ({ saidas: [] }));
  const n = days.length;
  const step = spec.passo;
  const [qa, qb] = spec.qtd;
  const reorderPoint = Math.ceil((spec.estoqueMinimo * 1.5) / step) * step;
  const perDay = spec.porSemana / 5;
  const avgUnits = (qa + qb) / 2;
  /** Expected use from day `i` to the end, at the usual pace. */
  const expectedUseFrom = (i: number): number => (n - i) * perDay * avgUnits * step;

  const target =
    spec.fim === "zerado"
      ? 0
      : spec.fim === "baixo"
        ? Math.max(step, Math.min(spec.estoqueMinimo - step, roundToStep(spec.estoqueMinimo * (0.3 + rng.next() * 0.3), step)))
        : undefined;

  let balance = 0;
  let pending: number | undefined;
  let tailStart: number | undefined;
  const start = nextWeekday(days, rng.int(0, 2));
  const end = target === undefined ? n - 1 : n;
  for (let i = start; i < end; i++) {
    const day = days[i] as BusinessDay;
    if (target !== undefined && i >= n - MAX_TAIL_DAYS && !day.saturday) {
      const excess = balance - target;
      const pace = excess / expectedUseFrom(i);
      if ((pace >= 0.6 && pace <= 1.2) || (i === nextWeekday(days, n - MAX_TAIL_DAYS) && pace > 1.2) || i >= n - 8) {
        tailStart = i;
        break;
      }
    }
    const plan = plans[i] as DayPlan;
    if (target !== undefined && i === pending && i >= n - MAX_TAIL_DAYS) {
      // The last delivery before the end: a smaller order, just what the coming weeks need.
      plan.entrada = Math.max(step, Math.min(spec.lote, Math.ceil((expectedUseFrom(i) + target - balance) / step) * step));
      balance += plan.entrada;
      tailStart = i;
      break;
    }
    if (i === start) {
      plan.entrada = spec.lote + step * rng.int(0, Math.floor(spec.estoqueMinimo / step));
      balance += plan.entrada;
    } else if (i === pending) {
      plan.entrada = spec.lote;
      balance += spec.lote;
      pending = undefined;
    }
    const rate = day.saturday ? perDay * 0.4 : perDay;
    const uses = Math.floor(rate) + (rng.chance(rate % 1) ? 1 : 0);
    for (let u = 0; u < uses; u++) {
      const q = Math.min(step * rng.int(qa, qb), balance);
      if (q < step) break;
      plan.saidas.push(q);
      balance -= q;
      if (balance <= reorderPoint && pending === undefined) pending = nextWeekday(days, i + rng.int(2, 5));
    }
    if (day.monthEnd && rng.chance(0.3)) {
      let delta = step * rng.int(1, 2) * (rng.chance(0.6) ? -1 : 1);
      if (balance + delta < 0) delta = -delta;
      plan.ajuste = delta;
      balance += delta;
    }
  }

  if (target === undefined || tailStart === undefined) {
    // A purchase on the last day when the stock sits too close to its minimum.
    const comfort = Math.max(spec.estoqueMinimo * 1.5, spec.estoqueMinimo + 2 * step);
    const last = plans[n - 1] as DayPlan;
    if (balance < comfort) last.entrada = spec.lote * Math.ceil((comfort - balance) / spec.lote);
    return plans;
  }

  // Out of stock already, and meant to be: nothing left to use up.
  if (balance === target) return plans;
  if (balance < target) {
    (plans[tailStart] as DayPlan).entrada = spec.lote;
    balance += spec.lote;
  }
  const units = Math.round((balance - target) / step);
  const parts = Math.min(units, Math.max(Math.ceil(units / qb), Math.round(units / avgUnits)));
  const tail = days.map((d, i) => [i, d.saturday ? 0.4 : 1] as const).slice(tailStart);
  const when = Array.from({ length: parts }, () => rng.weighted(tail)).sort((a, b) => a - b);
  splitUnits(rng, units, parts, qb).forEach((q, k) => {
    (plans[when[k] as number] as DayPlan).saidas.push(q * step);
  });
  return plans;
}

type SaidaContext = { q: number; imovel: string; cliente: string };

const SAIDA_MOTIVOS: Readonly<Record<Usage, readonly ((c: SaidaContext) => string)[]>> = {
  "placa-venda": [
    (c) => `Instalada no imóvel ${c.imovel}`,
    (c) => `Nova captação — placa instalada na ${c.imovel}`,
    (c) => `Substituição de placa danificada — ${c.imovel}`,
  ],
  "placa-aluguel": [
    (c) => `Instalada no imóvel ${c.imovel}`,
    (c) => `Imóvel desocupado — placa instalada na ${c.imovel}`,
    (c) => `Substituição de placa danificada — ${c.imovel}`,
  ],
  adesivo: [(c) => `Imóvel vendido — aplicado na placa da ${c.imovel}`],
  copia: [
    (c) => `Entregue ao cliente ${c.cliente}`,
    (c) => `Vistoria de entrada do locatário — ${c.imovel}`,
    (c) => `Cópias para o proprietário — ${c.imovel}`,
  ],
  cadeado: [(c) => `Instalado no portão do imóvel ${c.imovel}`, (c) => `Imóvel desocupado — ${c.imovel}`],
  cofre: [(c) => `Instalado no imóvel ${c.imovel} para visitas`],
  identificacao: [(c) => `Identificação das chaves da captação ${c.imovel}`, () => "Reorganização do quadro de chaves"],
  impresso: [
    (c) => `Plantão de vendas — ${c.imovel}`,
    () => "Distribuição no bairro (Pinheiros e Vila Madalena)",
    () => "Reposição do balcão da recepção",
  ],
  cartao: [() => "Reposição dos corretores", (c) => `Plantão de vendas — ${c.imovel}`],
  pasta: [() => "Assinaturas de contrato da semana", (c) => `Entregue ao cliente ${c.cliente}`],
  escritorio: [() => "Uso no escritório", () => "Reposição da recepção"],
  papel: [() => "Impressão de contratos e laudos de vistoria", () => "Uso no escritório", () => "Reposição da impressora da recepção"],
  toner: [() => "Troca de toner da impressora da recepção", () => "Troca de toner da impressora dos corretores"],
  envelope: [() => "Envio de documentos ao cartório", () => "Uso no escritório"],
  pilha: [() => "Troca de pilhas das trenas a laser", (c) => `Controle do portão — ${c.imovel}`],
  lampada: [(c) => `Troca em vistoria — ${c.imovel}`, (c) => `Reposição antes das visitas — ${c.imovel}`],
  copa: [() => "Reposição da copa", () => "Uso no escritório", () => "Reunião com clientes"],
  agua: [() => "Reposição da recepção", (c) => `Plantão de vendas — ${c.imovel}`],
  limpeza: [() => "Limpeza do escritório", (c) => `Vistoria de entrega de chaves — ${c.imovel}`],
  kit: [(c) => `Entregue ao cliente ${c.cliente} na entrega das chaves`, (c) => `Entregue ao novo morador — ${c.imovel}`],
  capacho: [(c) => `Vendido ao cliente ${c.cliente}`, (c) => `Entregue ao cliente ${c.cliente} com o kit boas-vindas`],
  bombom: [(c) => `Brinde na assinatura do contrato — ${c.cliente}`],
};

/** Who received deliveries, who used stock, who counted it. */
const RECEIVERS: readonly (readonly [DemoStockEmail, number])[] = [
  ["carlos.almeida@alicerce.app", 7],
  ["demo@alicerce.app", 3],
];
const USERS: readonly (readonly [DemoStockEmail, number])[] = [
  ["juliana.lima@alicerce.app", 5],
  ["carlos.almeida@alicerce.app", 2],
  ["demo@alicerce.app", 3],
];

/** First NF number of each supplier in the window; each later delivery gets a later number. */
const FIRST_INVOICE: Readonly<Record<string, number>> = {
  [GRAFICA]: 4821,
  [CHAVEIRO]: 1187,
  [PAPELARIA]: 20433,
  [GRAO]: 73512,
};

/** Code-unit order: the same on every machine, unlike `localeCompare`. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isoAt(day: BusinessDay, minute: number): string {
  const at = new Date(day.date + (8 * 60 + minute) * 60_000);
  return localInstant(at.toISOString().slice(0, 10), at.toISOString().slice(11, 16), DEMO_ZONE).toISOString();
}

/**
 * 120 days of stock history for every product, in time order: an initial purchase, uses,
 * monthly inventory adjustments and re-purchases. Deliveries from one supplier on one day share
 * an invoice and a time. The running balance never goes below zero; at the end exactly 6
 * products are below their minimum (2 of them at zero) and the rest comfortably above.
 */
export function demoStockMovements(now: Date): MovementDemo[] {
  const rng = createRng(SEED_MOVEMENTS);
  const days = businessDays(now);
  const companies = new Map(demoCompanies().map((c) => [c.key, c]));
  const clientNames = demoClients()
    .filter((c) => c.tipo === "pf")
    .map((c) => c.nome);

  const movements: MovementDemo[] = [];
  /** Purchases to name after all products are planned: (supplier, day) → its movements. */
  const deliveries = new Map<string, { day: number; supplier: string | undefined; items: MovementDemo[] }>();

  for (const spec of PRODUCT_SPECS) {
    const plans = planProduct(rng, spec, days);
    const own: MovementDemo[] = [];
    plans.forEach((plan, i) => {
      const day = days[i] as BusinessDay;
      const count = plan.saidas.length + (plan.ajuste === undefined ? 0 : 1);
      if (count === 0 && plan.entrada === undefined) return;
      const delivery = `${spec.fornecedorKey ?? spec.sku}|${i}`;
      const arrival = createRng(hashSeed(delivery)).int(WINDOW.arrivalFrom, WINDOW.arrivalTo - 1);
      const lo = plan.entrada !== undefined ? arrival + 1 : day.saturday ? WINDOW.saturdayOpen : WINDOW.open;
      const hi = plan.ajuste !== undefined ? WINDOW.countFrom : day.saturday ? WINDOW.saturdayClose : WINDOW.close;
      const minutes = distinctSorted(rng, plan.saidas.length, lo, hi);

      if (plan.entrada !== undefined) {
        const movement: MovementDemo = {
          produtoSku: spec.sku,
          tipo: "entrada",
          quantidade: plan.entrada,
          custoUnitarioCentavos: spec.custoCentavos,
          motivo: "",
          ocorridoEm: isoAt(day, arrival),
          porEmail: createRng(hashSeed(`${delivery}|por`)).weighted(RECEIVERS),
        };
        own.push(movement);
        const group = deliveries.get(delivery) ?? { day: i, supplier: spec.fornecedorKey, items: [] };
        group.items.push(movement);
        deliveries.set(delivery, group);
      }
      plan.saidas.forEach((q, k) => {
        const context = { q, imovel: rng.pick(LISTINGS), cliente: rng.pick(clientNames) };
        own.push({
          produtoSku: spec.sku,
          tipo: "saida",
          quantidade: q,
          motivo: rng.pick(SAIDA_MOTIVOS[spec.uso])(context),
          ocorridoEm: isoAt(day, minutes[k] as number),
          porEmail: rng.weighted(USERS),
        });
      });
      if (plan.ajuste !== undefined) {
        own.push({
          produtoSku: spec.sku,
          tipo: "ajuste",
          quantidade: plan.ajuste,
          motivo: "Inventário mensal",
          ocorridoEm: isoAt(day, rng.int(WINDOW.countFrom, WINDOW.close - 1)),
          porEmail: "juliana.lima@alicerce.app",
        });
      }
    });

    // Older purchases were a little cheaper; the last one is the product's current cost.
    const purchases = own.filter((m) => m.tipo === "entrada");
    purchases.forEach((m, k) => {
      const back = purchases.length - 1 - k;
      m.custoUnitarioCentavos = Math.round(spec.custoCentavos * (1 - 0.015 * back - (back > 0 ? rng.next() * 0.01 : 0)));
    });
    movements.push(...own);
  }

  // Invoice numbers per supplier, increasing with time; one invoice per delivery.
  const invoice = new Map(Object.entries(FIRST_INVOICE));
  const invoiceRng = createRng(SEED_MOVEMENTS ^ 0x5a5a5a5a);
  for (const group of [...deliveries.values()].sort((a, b) => a.day - b.day || compareText(a.supplier ?? "", b.supplier ?? ""))) {
    let motivo: string;
    if (group.supplier) {
      const nf = invoice.get(group.supplier) ?? 1000;
      invoice.set(group.supplier, nf + invoiceRng.int(15, 160));
      const company = companies.get(group.supplier);
      motivo = `Compra NF ${nf} — ${company?.nomeFantasia ?? company?.razaoSocial ?? group.supplier}`;
    } else {
      motivo = `Compra avulsa no varejo — NFC-e ${invoiceRng.int(10_000, 99_999)}`;
    }
    for (const item of group.items) item.motivo = motivo;
  }

  return movements.sort((a, b) => compareText(a.ocorridoEm, b.ocorridoEm) || compareText(a.produtoSku, b.produtoSku));
}
