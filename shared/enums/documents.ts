import { defineEnum } from "../define-enum.ts";

/** What a stored document is (ADR 070): the corretor's own words, in the order a form lists them. */
export const DOCUMENT_TYPE = defineEnum({
  contrato: { label: "Contrato", tone: "blue" },
  matricula: { label: "Matrícula", tone: "purple" },
  rg_cpf: { label: "RG/CPF", tone: "neutral" },
  comprovante: { label: "Comprovante", tone: "green" },
  laudo: { label: "Laudo", tone: "yellow" },
  nota_fiscal: { label: "Nota fiscal", tone: "green" },
  outro: { label: "Outro", tone: "neutral" },
});
export const DOCUMENT_TYPES = DOCUMENT_TYPE.values;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
