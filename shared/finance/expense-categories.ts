/**
 * The categories a small Brazilian business files its bills under (ADR 072): offered as
 * suggestions, any other typed is kept (a business names its own).
 */
export const EXPENSE_CATEGORIES = [
  "Aluguel e condomínio",
  "Energia elétrica",
  "Água e esgoto",
  "Internet e telefone",
  "Contador",
  "Fornecedores e mercadorias",
  "Salários e pró-labore",
  "Comissões",
  "Impostos e taxas",
  "Tarifas bancárias e de cartão",
  "Marketing e anúncios",
  "Material de escritório e limpeza",
  "Manutenção",
  "Transporte e combustível",
  "Sistemas e assinaturas",
  "Outras despesas",
] as const;

export const REVENUE_CATEGORIES = ["Vendas", "Serviços", "Aluguel recebido", "Comissões recebidas", "Outras receitas"] as const;
