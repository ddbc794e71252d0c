/**
 * The step a publish attempt reached, as /historico names it. The publishing job writes short
 * ids ("container", "status", "publicar"…); an id not listed here reads as written, capitalised.
 */
const STEP_LABELS: Readonly<Record<string, string>> = {
  cota: "Conferir o limite diário",
  container: "Enviar a imagem à Meta",
  filhos: "Enviar as imagens do carrossel",
  carrossel: "Montar o carrossel",
  status: "Processamento na Meta",
  publicar: "Publicar",
  facebook: "Publicar na Página",
  fotos: "Enviar as fotos à Página",
  feed: "Publicar na Página",
  permalink: "Ler o link do post",
  comentario: "Primeiro comentário",
  conferir: "Conferir se já foi publicado",
  conta: "Conferir a conta",
  falha: "Fim das novas tentativas",
};

export function attemptStepLabel(step: string): string {
  const known = STEP_LABELS[step];
  if (known) return known;
  const text = step.replace(/[-_]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "—";
}
