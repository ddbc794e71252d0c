/**
 * Realistic pt-BR fake data for the benchmark (and any test that needs volume): people,
 * companies, addresses, CPFs/CNPJs valid by their check digits. Deterministic: the same seed
 * gives the same rows, so runs on different versions load the same data.
 */
import { cnpjCheckDigits, cpfCheckDigits } from "../../shared/documents.ts";

/** mulberry32: small, fast, good enough for fake data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
export const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const digitsOf = (r: Rand, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join("");

export const FIRST_NAMES = [
  "João",
  "Maria",
  "José",
  "Ana",
  "Antônio",
  "Francisca",
  "Carlos",
  "Antônia",
  "Paulo",
  "Adriana",
  "Pedro",
  "Juliana",
  "Lucas",
  "Márcia",
  "Luiz",
  "Fernanda",
  "Marcos",
  "Patrícia",
  "Luís",
  "Aline",
  "Gabriel",
  "Sandra",
  "Rafael",
  "Camila",
  "Daniel",
  "Amanda",
  "Marcelo",
  "Bruna",
  "Bruno",
  "Jéssica",
  "Eduardo",
  "Letícia",
  "Felipe",
  "Júlia",
  "Raimundo",
  "Luciana",
  "Rodrigo",
  "Vanessa",
  "Sebastião",
  "Mariana",
  "André",
  "Gabriela",
  "Fábio",
  "Vitória",
  "Sérgio",
  "Beatriz",
  "Thiago",
  "Larissa",
  "Vinícius",
  "Conceição",
  "Matheus",
  "Cláudia",
  "Gustavo",
  "Simone",
  "Leonardo",
  "Renata",
  "Caio",
  "Débora",
  "Otávio",
  "Tânia",
] as const;

export const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Conceição",
  "Brandão",
  "Simões",
  "Magalhães",
  "Falcão",
  "Câmara",
  "Guimarães",
  "Peçanha",
] as const;

/** Bairros with their city and UF (CEP prefixes roughly right for the city). */
export const PLACES = [
  { district: "Pinheiros", city: "São Paulo", uf: "SP", cep: "054" },
  { district: "Vila Mariana", city: "São Paulo", uf: "SP", cep: "040" },
  { district: "Mooca", city: "São Paulo", uf: "SP", cep: "031" },
  { district: "Santana", city: "São Paulo", uf: "SP", cep: "020" },
  { district: "Tatuapé", city: "São Paulo", uf: "SP", cep: "033" },
  { district: "Itaim Bibi", city: "São Paulo", uf: "SP", cep: "045" },
  { district: "Cambuí", city: "Campinas", uf: "SP", cep: "130" },
  { district: "Copacabana", city: "Rio de Janeiro", uf: "RJ", cep: "220" },
  { district: "Tijuca", city: "Rio de Janeiro", uf: "RJ", cep: "205" },
  { district: "Icaraí", city: "Niterói", uf: "RJ", cep: "242" },
  { district: "Savassi", city: "Belo Horizonte", uf: "MG", cep: "301" },
  { district: "Batel", city: "Curitiba", uf: "PR", cep: "804" },
  { district: "Moinhos de Vento", city: "Porto Alegre", uf: "RS", cep: "905" },
  { district: "Boa Viagem", city: "Recife", uf: "PE", cep: "510" },
  { district: "Meireles", city: "Fortaleza", uf: "CE", cep: "601" },
  { district: "Barra", city: "Salvador", uf: "BA", cep: "401" },
  { district: "Asa Sul", city: "Brasília", uf: "DF", cep: "702" },
  { district: "Ponta Verde", city: "Maceió", uf: "AL", cep: "570" },
  { district: "Jardim Goiás", city: "Goiânia", uf: "GO", cep: "748" },
  { district: "Centro", city: "Florianópolis", uf: "SC", cep: "880" },
] as const;

export const STREETS = [
  "Rua das Flores",
  "Avenida Brasil",
  "Rua Sete de Setembro",
  "Rua XV de Novembro",
  "Avenida Paulista",
  "Rua da Consolação",
  "Rua Augusta",
  "Avenida Atlântica",
  "Rua Barão de Mauá",
  "Travessa São João",
  "Rua Dom Pedro II",
  "Alameda Santos",
  "Rua Tiradentes",
  "Avenida Getúlio Vargas",
  "Rua Coronel Xavier",
  "Rua Padre Anchieta",
] as const;

export const COMPANY_WORDS = [
  "Horizonte",
  "Aliança",
  "Construir",
  "Nova Era",
  "Bela Vista",
  "Ipê",
  "Jequitibá",
  "Atlântico",
  "Serra Azul",
  "Progresso",
  "Vitória",
  "Cidade Jardim",
  "Boa Esperança",
  "Pioneira",
  "Planalto",
  "Alvorada",
  "Mirante",
  "Solar",
  "Itaúna",
  "Araucária",
] as const;

export const COMPANY_KINDS = ["Construtora", "Incorporadora", "Condomínio", "Materiais de Construção", "Imóveis", "Engenharia"] as const;
const SUFFIXES = ["Ltda.", "S.A.", "EIRELI", "ME", "Ltda."] as const;
const EMAIL_DOMAINS = ["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br", "uol.com.br", "terra.com.br"] as const;
const DDDS = ["11", "11", "11", "21", "21", "31", "41", "51", "61", "71", "81", "85", "19", "48", "62"] as const;

/** Lower-case, accents stripped: "João" → "joao". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

export function validCpf(r: Rand): string {
  let base = digitsOf(r, 9);
  if (/^(\d)\1+$/.test(base)) base = `1${base.slice(1)}`;
  return base + cpfCheckDigits(base);
}

export function validCnpj(r: Rand): string {
  const base = `${digitsOf(r, 8)}000${1 + Math.floor(r() * 3)}`;
  return base + cnpjCheckDigits(base);
}

export function mobile(r: Rand): string {
  return `${pick(r, DDDS)}9${digitsOf(r, 8)}`;
}

export interface FakePerson {
  name: string;
  firstName: string;
  cpf: string;
  email: string;
  phone: string;
  birthday: Date;
  cep: string;
  street: string;
  number: string;
  district: string;
  city: string;
  uf: string;
}

export function fakePerson(r: Rand, i: number): FakePerson {
  const first = pick(r, FIRST_NAMES);
  const last = `${pick(r, SURNAMES)}${r() < 0.6 ? ` ${pick(r, SURNAMES)}` : ""}`;
  const place = pick(r, PLACES);
  const name = `${first} ${last}`;
  const handle = fold(`${first}.${last.split(" ").at(-1)}`).replace(/[^a-z.]/g, "");
  return {
    name,
    firstName: first,
    cpf: validCpf(r),
    email: `${handle}${i}@${pick(r, EMAIL_DOMAINS)}`,
    phone: mobile(r),
    birthday: new Date(Date.UTC(1950 + Math.floor(r() * 55), Math.floor(r() * 12), 1 + Math.floor(r() * 28), 12)),
    cep: `${place.cep}${digitsOf(r, 5)}`,
    street: pick(r, STREETS),
    number: String(1 + Math.floor(r() * 2500)),
    district: place.district,
    city: place.city,
    uf: place.uf,
  };
}

export interface FakeCompany {
  legalName: string;
  tradeName: string;
  cnpj: string;
  email: string;
  phone: string;
  site: string;
  cep: string;
  street: string;
  number: string;
  district: string;
  city: string;
  uf: string;
}

export function fakeCompany(r: Rand, i: number): FakeCompany {
  const word = pick(r, COMPANY_WORDS);
  const kind = pick(r, COMPANY_KINDS);
  const place = pick(r, PLACES);
  const slug = fold(word).replace(/[^a-z]/g, "");
  return {
    legalName: `${kind} ${word} ${pick(r, SURNAMES)} ${pick(r, SUFFIXES)}`,
    tradeName: `${word} ${kind}`,
    cnpj: validCnpj(r),
    email: `contato${i}@${slug}.com.br`,
    phone: `${pick(r, DDDS)}3${digitsOf(r, 7)}`,
    site: `https://www.${slug}${i}.com.br`,
    cep: `${place.cep}${digitsOf(r, 5)}`,
    street: pick(r, STREETS),
    number: String(1 + Math.floor(r() * 2500)),
    district: place.district,
    city: place.city,
    uf: place.uf,
  };
}
