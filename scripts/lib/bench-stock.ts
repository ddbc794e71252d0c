/**
 * Products and their stock ledger for the benchmark: a catalogue of pt-BR items (placas,
 * chaves, material de escritório, limpeza…) and, per product, movements in time order whose
 * running balance never goes below zero — the database refuses such a movement (the ledger's
 * triggers) unless the business allows negative stock, and the bench organization does not.
 * Deterministic: the same seed gives the same catalogue and ledger. Inputs are what the API
 * accepts (`produtoSchema`, `movimentacaoProdutoSchema`), so the seed validates them.
 */
import { ean13CheckDigit } from "../../shared/documents.ts";
import type { ProductUnit } from "../../shared/enums.ts";
import { pick, type Rand } from "./bench-data.ts";

interface ItemKind {
  nome: string;
  categoria: string;
  unidade: ProductUnit;
  /** Cost range in centavos. */
  custo: [number, number];
  /** Variants that go after the name (sizes, colours, models). */
  variantes: readonly string[];
  /** Typical restock, in the unit. */
  lote: number;
  /** Quantities with one decimal (kg, l, m). */
  fracionado?: boolean;
}

const SIGNS = ["60 × 40 cm", "90 × 60 cm", "120 × 80 cm", "30 × 20 cm", "PVC 2 mm", "PVC 3 mm", "ACM 3 mm", "lona 440 g"];
const COLORS = ["azul", "preto", "branco", "vermelho", "verde", "amarelo", "cinza", "laranja"];

const KINDS: readonly ItemKind[] = [
  { nome: "Placa “Vende-se”", categoria: "Placas e sinalização", unidade: "un", custo: [2500, 9000], variantes: SIGNS, lote: 20 },
  { nome: "Placa “Aluga-se”", categoria: "Placas e sinalização", unidade: "un", custo: [2500, 9000], variantes: SIGNS, lote: 20 },
  { nome: "Placa de identificação", categoria: "Placas e sinalização", unidade: "un", custo: [900, 4500], variantes: SIGNS, lote: 30 },
  { nome: "Adesivo vinil", categoria: "Placas e sinalização", unidade: "un", custo: [300, 1800], variantes: SIGNS, lote: 50 },
  {
    nome: "Faixa de lona",
    categoria: "Placas e sinalização",
    unidade: "m",
    custo: [1500, 4000],
    variantes: COLORS,
    lote: 25,
    fracionado: true,
  },
  {
    nome: "Cópia de chave",
    categoria: "Chaves e segurança",
    unidade: "un",
    custo: [400, 2500],
    variantes: ["Yale", "Tetra", "Gorja", "Pado", "Papaiz", "Soprano"],
    lote: 100,
  },
  {
    nome: "Cadeado de latão",
    categoria: "Chaves e segurança",
    unidade: "un",
    custo: [1800, 7500],
    variantes: ["25 mm", "30 mm", "40 mm", "50 mm"],
    lote: 12,
  },
  {
    nome: "Fechadura",
    categoria: "Chaves e segurança",
    unidade: "un",
    custo: [4500, 19000],
    variantes: ["externa", "interna", "banheiro", "digital"],
    lote: 6,
  },
  { nome: "Chaveiro numerado", categoria: "Chaves e segurança", unidade: "pct", custo: [900, 3500], variantes: COLORS, lote: 20 },
  {
    nome: "Folder",
    categoria: "Material gráfico",
    unidade: "milheiro",
    custo: [18000, 45000],
    variantes: ["A4", "A5", "dobra simples", "duas dobras"],
    lote: 2,
    fracionado: true,
  },
  {
    nome: "Cartão de visita",
    categoria: "Material gráfico",
    unidade: "milheiro",
    custo: [6000, 16000],
    variantes: ["couché 300 g", "verniz localizado", "laminado fosco"],
    lote: 2,
    fracionado: true,
  },
  {
    nome: "Pasta com bolsa",
    categoria: "Material gráfico",
    unidade: "un",
    custo: [180, 650],
    variantes: ["A4", "ofício", "personalizada"],
    lote: 200,
  },
  {
    nome: "Papel sulfite",
    categoria: "Escritório",
    unidade: "resma",
    custo: [2200, 3500],
    variantes: ["A4 75 g", "A4 90 g", "ofício 75 g"],
    lote: 20,
  },
  { nome: "Caneta esferográfica", categoria: "Escritório", unidade: "cx", custo: [2500, 6000], variantes: COLORS, lote: 10 },
  { nome: "Grampeador", categoria: "Escritório", unidade: "un", custo: [1500, 6500], variantes: ["26/6", "alicate", "de mesa"], lote: 5 },
  {
    nome: "Toner",
    categoria: "Escritório",
    unidade: "un",
    custo: [9000, 38000],
    variantes: ["58A", "85A", "12A", "TN-1060", "TN-2370"],
    lote: 4,
  },
  {
    nome: "Envelope",
    categoria: "Escritório",
    unidade: "cx",
    custo: [2500, 8000],
    variantes: ["ofício", "saco kraft A4", "carta"],
    lote: 5,
  },
  {
    nome: "Detergente neutro",
    categoria: "Limpeza",
    unidade: "l",
    custo: [300, 900],
    variantes: ["5 l", "500 ml", "galão"],
    lote: 20,
    fracionado: true,
  },
  {
    nome: "Desinfetante",
    categoria: "Limpeza",
    unidade: "l",
    custo: [400, 1400],
    variantes: ["lavanda", "eucalipto", "pinho"],
    lote: 20,
    fracionado: true,
  },
  { nome: "Saco de lixo", categoria: "Limpeza", unidade: "pct", custo: [900, 3200], variantes: ["30 l", "60 l", "100 l"], lote: 15 },
  { nome: "Pano de chão", categoria: "Limpeza", unidade: "un", custo: [350, 1200], variantes: ["xadrez", "alvejado"], lote: 24 },
  {
    nome: "Lâmpada LED",
    categoria: "Manutenção",
    unidade: "un",
    custo: [700, 3500],
    variantes: ["9 W", "12 W", "15 W", "tubular 18 W"],
    lote: 30,
  },
  {
    nome: "Parafuso sextavado",
    categoria: "Manutenção",
    unidade: "cx",
    custo: [1200, 5000],
    variantes: ["6 mm", "8 mm", "10 mm"],
    lote: 10,
  },
  { nome: "Tinta acrílica", categoria: "Manutenção", unidade: "l", custo: [1800, 6500], variantes: COLORS, lote: 18, fracionado: true },
  {
    nome: "Fita veda-rosca",
    categoria: "Manutenção",
    unidade: "un",
    custo: [250, 900],
    variantes: ["18 mm × 10 m", "18 mm × 50 m"],
    lote: 40,
  },
  { nome: "Disjuntor", categoria: "Manutenção", unidade: "un", custo: [1400, 6000], variantes: ["10 A", "16 A", "20 A", "32 A"], lote: 10 },
  {
    nome: "Café torrado",
    categoria: "Copa e cozinha",
    unidade: "kg",
    custo: [2800, 7500],
    variantes: ["tradicional", "extraforte", "gourmet"],
    lote: 10,
    fracionado: true,
  },
  {
    nome: "Açúcar refinado",
    categoria: "Copa e cozinha",
    unidade: "kg",
    custo: [400, 900],
    variantes: ["1 kg", "5 kg"],
    lote: 15,
    fracionado: true,
  },
  {
    nome: "Copo descartável",
    categoria: "Copa e cozinha",
    unidade: "pct",
    custo: [400, 1400],
    variantes: ["180 ml", "200 ml", "50 ml"],
    lote: 40,
  },
  { nome: "Caneta personalizada", categoria: "Brindes", unidade: "un", custo: [150, 900], variantes: COLORS, lote: 300 },
  { nome: "Ecobag", categoria: "Brindes", unidade: "un", custo: [800, 2400], variantes: ["algodão cru", "TNT", "lona"], lote: 100 },
  { nome: "Calendário de mesa", categoria: "Brindes", unidade: "un", custo: [600, 1800], variantes: ["2027", "personalizado"], lote: 150 },
];

const BRANDS = [
  "Horizonte",
  "Pinheiros",
  "Tigre",
  "Pilot",
  "Faber",
  "Chamex",
  "Ypê",
  "Coral",
  "Philips",
  "Pado",
  "3M",
  "Tilibra",
  "Genérico",
];
const MANUFACTURER = "789100"; // GS1 Brasil prefix + a made-up company

/** A product as the API takes it (`fornecedorId` chosen by the caller). */
export interface ProductInput {
  sku: string;
  nome: string;
  codigoBarras: string;
  unidade: ProductUnit;
  categoria: string;
  custoCentavos: number;
  precoCentavos: number;
  estoqueMinimo: number;
  ativo: boolean;
  descricao: string;
}

export function fakeProduct(r: Rand, i: number): ProductInput & { kind: number } {
  const kind = Math.floor(r() * KINDS.length);
  const k = KINDS[kind] as ItemKind;
  const custo = k.custo[0] + Math.floor(r() * (k.custo[1] - k.custo[0]));
  const base12 = `${MANUFACTURER}${String(i).padStart(6, "0")}`;
  return {
    kind,
    sku: `BCH-${String(i + 1).padStart(6, "0")}`,
    nome: `${k.nome} ${pick(r, k.variantes)} ${pick(r, BRANDS)}`,
    codigoBarras: r() < 0.7 ? `${base12}${ean13CheckDigit(base12)}` : "",
    unidade: k.unidade,
    categoria: k.categoria,
    custoCentavos: custo,
    precoCentavos: Math.round(custo * (1.3 + r() * 0.8)),
    estoqueMinimo: Math.max(1, Math.round(k.lote * (0.1 + r() * 0.3))),
    ativo: r() < 0.93,
    descricao: r() < 0.3 ? "Reposição com o fornecedor habitual; conferir a nota na entrega." : "",
  };
}

/** A movement as the API takes it, with its instant in ms (the caller sorts by it). */
export interface MovementInput {
  produtoIndex: number;
  at: number;
  tipo: "entrada" | "saida" | "ajuste";
  quantidade: number;
  custoUnitarioCentavos?: number;
  motivo: string;
}

const IN_REASONS = ["Compra NF", "Reposição — pedido", "Entrada do fornecedor, NF", "Transferência da matriz, guia"];
const OUT_REASONS = [
  "Instalada no imóvel da Rua Harmonia",
  "Uso no escritório",
  "Entregue ao corretor",
  "Vistoria de entrega de chaves",
  "Plantão de vendas do fim de semana",
  "",
];
const ADJUST_REASONS = ["Inventário mensal", "Avaria", "Conferência de estoque", "Perda"];

/**
 * How many movements each product gets: at least one (the first entrada), the rest spread by a
 * log-normal weight, so a few products are busy and most have a short ledger (as in a shop).
 */
export function ledgerSizes(r: Rand, products: number, movements: number): number[] {
  const weights = Array.from({ length: products }, () => {
    // Box–Muller: a standard normal.
    const z = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
    return Math.exp(0.9 * z);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const extra = Math.max(0, movements - products);
  const sizes = weights.map((w) => 1 + Math.floor((extra * w) / sum));
  let missing = movements - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; missing > 0; i = (i + 1) % products, missing--) sizes[i] = (sizes[i] as number) + 1;
  return sizes;
}

/**
 * The ledger of one product, between `from` and `to` (ms), in time order: an entrada first,
 * then mostly saídas, restocks when the stock runs low, and a few ajustes. The balance (kept in
 * thousandths, as the database keeps it) never goes below zero.
 */
export function fakeLedger(
  r: Rand,
  product: { index: number; kind: number; custoCentavos: number },
  size: number,
  from: number,
  to: number,
): MovementInput[] {
  const k = KINDS[product.kind] as ItemKind;
  const times = Array.from({ length: size }, () => from + Math.floor(r() * (to - from))).sort((a, b) => a - b);
  // Distinct, increasing instants: order within a product's ledger is never a tie.
  for (let i = 1; i < times.length; i++) if ((times[i] as number) <= (times[i - 1] as number)) times[i] = (times[i - 1] as number) + 1000;
  const step = k.fracionado ? 100 : 1000;
  const qty = (max: number) => Math.max(step, Math.round((r() * max * 1000) / step) * step);
  let stock = 0;
  const out: MovementInput[] = [];
  for (const at of times) {
    const restock = stock < (k.lote * 1000) / 4;
    const roll = r();
    if (out.length === 0 || (restock && roll < 0.7) || roll < 0.15) {
      const q = qty(k.lote * 1.5) + k.lote * 500;
      stock += q;
      out.push({
        produtoIndex: product.index,
        at,
        tipo: "entrada",
        quantidade: q / 1000,
        custoUnitarioCentavos: Math.round(product.custoCentavos * (0.9 + r() * 0.2)),
        motivo: `${pick(r, IN_REASONS)} ${1000 + Math.floor(r() * 90_000)}`,
      });
    } else if (roll < 0.92 && stock >= step) {
      const q = Math.min(stock, qty(Math.max(1, k.lote / 6)));
      stock -= q;
      out.push({ produtoIndex: product.index, at, tipo: "saida", quantidade: q / 1000, motivo: pick(r, OUT_REASONS) });
    } else {
      // Ajuste: found (+) or lost (−), never below zero.
      const q = step * (1 + Math.floor(r() * 3));
      const signed = stock >= q && r() < 0.6 ? -q : q;
      stock += signed;
      out.push({ produtoIndex: product.index, at, tipo: "ajuste", quantidade: signed / 1000, motivo: pick(r, ADJUST_REASONS) });
    }
  }
  return out;
}
