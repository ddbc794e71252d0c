import { MetaApiError } from "../../integrations/meta/graph.ts";

/**
 * What a failed call while connecting (token exchanges, /me, /me/accounts, the app check) means,
 * in pt-BR with what to do. Meta's own message is never shown (it may quote a token); its code is.
 */

export type ConnectionErrorKind = "token" | "codigo" | "credenciais" | "permissao" | "rede" | "meta";

export interface ExplainedConnectionError {
  kind: ConnectionErrorKind;
  message: string;
  /** Meta's code ("190", "100/36009"), for the log and support; never the token. */
  code: string;
}

export function explainConnectionError(error: unknown): ExplainedConnectionError {
  if (!(error instanceof MetaApiError)) {
    return { kind: "meta", code: "erro", message: "Não foi possível concluir a conexão com a Meta. Tente de novo em alguns minutos." };
  }
  const { kind, code, subcode } = error.fields;
  const raw = error.rawCode;
  if (kind !== "meta") {
    return {
      kind: "rede",
      code: raw,
      message: "A Meta não respondeu a tempo. Nada foi alterado: tente conectar de novo em alguns minutos.",
    };
  }
  if (code === 190) {
    return {
      kind: "token",
      code: raw,
      message: "A Meta não aceita mais este acesso (token expirado ou revogado): conecte de novo.",
    };
  }
  if (code === 100 && (subcode === 36007 || subcode === 36009 || subcode === 36008)) {
    return {
      kind: "codigo",
      code: raw,
      message:
        "O código de autorização da Meta já foi usado, expirou ou não confere com este pedido. Por segurança, nada foi conectado: comece de novo.",
    };
  }
  if (code === 1 || code === 101 || (code === 400 && error.fields.type === "OAuthException")) {
    return {
      kind: code === 400 ? "codigo" : "credenciais",
      code: raw,
      message:
        code === 400
          ? "O Instagram recusou o código de autorização (já usado, expirado ou de outro pedido). Nada foi conectado: comece de novo."
          : "A Meta recusou o ID ou a chave secreta do app: confira em Credenciais Sociais.",
    };
  }
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) {
    return {
      kind: "permissao",
      code: raw,
      message: "A Meta negou o acesso por falta de permissão: reconecte e marque todas as permissões pedidas.",
    };
  }
  return {
    kind: "meta",
    code: raw,
    message: `A Meta recusou o pedido (código ${raw}). Tente de novo; se continuar, fale com o suporte informando o código.`,
  };
}
