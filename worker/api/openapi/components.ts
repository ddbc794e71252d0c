import { ID_PATTERN } from "../../../shared/id.ts";
import { MAX_BULK } from "../../resources/records.ts";
import { integer, type JsonSchema, json, type Operation, type ResponseObject, ref } from "../route-doc.ts";
import { responseRef } from "./vocabulary.ts";

/** The document's shared components: the error answers and the schemas every resource shares. See ADR 015. */

const ERROR: JsonSchema = {
  type: "object",
  title: "Erro",
  description: "Toda recusa da API: mensagem em português para mostrar a pessoas, código estável para programas.",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["message", "code"],
      properties: {
        message: { type: "string", description: "Em português, pronta para mostrar." },
        code: {
          type: "string",
          description:
            "validation_error, unknown_fields, domain_error, unauthenticated, invalid_token, session_revoked, forbidden, no_organization, bad_origin, not_found, internal_error.",
        },
        fields: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "Mensagem por campo (validation_error, unknown_fields e algumas regras do negócio).",
        },
      },
    },
  },
};

function errorResponse(description: string, message: string, code: string, fields?: Record<string, string>): ResponseObject {
  return { description, content: json(ref("Error"), { error: { message, code, ...(fields ? { fields } : {}) } }) };
}

export const RESPONSES: Record<string, ResponseObject> = {
  BadRequest: errorResponse(
    "Pedido inválido: campos com erro (validation_error, com a mensagem de cada um em fields), campo que o recurso não tem (unknown_fields) ou corpo que não é JSON.",
    "Campo desconhecido: “nascimento”. Confira os nomes em /api/docs.",
    "unknown_fields",
    { nascimento: "Campo desconhecido" },
  ),
  Unauthorized: errorResponse(
    "Sem credenciais, ou token inválido, expirado ou de sessão encerrada (unauthenticated, invalid_token, session_revoked). Renove com POST /api/auth/refresh.",
    "Entre para continuar.",
    "unauthenticated",
  ),
  Forbidden: errorResponse(
    "O papel de quem chama não permite a operação (forbidden), o cadastro do negócio não foi concluído (no_organization) ou, com cookie, a origem não é a do site (bad_origin).",
    "Você não tem permissão para esta ação.",
    "forbidden",
  ),
  NotFound: errorResponse("O registro não existe, foi excluído ou é de outro negócio.", "Registro não encontrado.", "not_found"),
  Conflict: errorResponse(
    "Conflito com outro registro ou com o estado atual (um código que já existe, estoque que ficaria negativo…). Nada foi salvo.",
    "Já existe um registro com este código.",
    "domain_error",
  ),
  PayloadTooLarge: errorResponse(
    "O corpo é grande demais (o arquivo de importação aceita até 5 MB).",
    "O arquivo é grande demais: o limite é 5 MB.",
    "domain_error",
  ),
  Unprocessable: errorResponse(
    "Os dados são válidos, mas uma regra do negócio os recusou (registro ligado que não existe, planilha com linhas com erro…). Nada foi salvo.",
    "Empresa não encontrada. Escolha uma empresa cadastrada.",
    "domain_error",
  ),
  TooManyRequests: errorResponse(
    "Tentativas demais: espere um pouco antes de tentar de novo.",
    "Muitas tentativas. Tente novamente em alguns minutos.",
    "domain_error",
  ),
};

export const SHARED_SCHEMAS: Record<string, JsonSchema> = {
  Error: ERROR,
  Duplicate: {
    type: "object",
    title: "Possível duplicado",
    description: "Um registro vivo que compartilha um dado com o enviado: um aviso, nunca um bloqueio.",
    required: ["id", "title", "reason"],
    properties: {
      id: { type: "string" },
      title: { type: "string", description: "Como o registro é chamado nas telas." },
      reason: { type: "string", description: "O dado repetido: documento, e-mail, telefone…" },
    },
  },
  Saved: {
    type: "object",
    title: "Registro salvo",
    required: ["data", "duplicates"],
    properties: {
      data: { type: "object", required: ["id"], properties: { id: { type: "string", description: "Id do registro." } } },
      duplicates: { type: "array", items: ref("Duplicate"), description: "Registros que podem ser o mesmo (salvo assim mesmo)." },
    },
  },
  Option: {
    type: "object",
    required: ["id", "title"],
    properties: { id: { type: "string" }, title: { type: "string", description: "Como o registro é chamado nas telas." } },
  },
  Ids: {
    type: "object",
    title: "Ids",
    required: ["ids"],
    additionalProperties: false,
    properties: {
      ids: {
        type: "array",
        minItems: 1,
        maxItems: MAX_BULK,
        items: { type: "string", pattern: ID_PATTERN },
        description: "Ids dos registros.",
      },
    },
  },
  ImportPreview: {
    type: "object",
    title: "Prévia da importação",
    required: ["rows", "valid", "duplicates", "invalid", "columns"],
    properties: {
      rows: {
        type: "array",
        items: {
          type: "object",
          required: ["line", "values", "errors", "warnings", "status"],
          properties: {
            line: { type: "integer", description: "Linha do arquivo (o cabeçalho é a linha 1)." },
            values: { type: "object", additionalProperties: { type: "string" }, description: "Células por campo, como no arquivo." },
            errors: {
              type: "object",
              additionalProperties: { type: "string" },
              description: "Mensagem por campo; vazio quando a linha é válida.",
            },
            warnings: {
              type: "array",
              items: {
                type: "object",
                required: ["kind", "field", "message"],
                properties: {
                  kind: { type: "string", enum: ["duplicate", "reference"] },
                  field: { type: "string" },
                  message: { type: "string" },
                },
              },
            },
            status: { type: "string", enum: ["valid", "duplicate", "invalid"] },
            links: {
              type: "object",
              additionalProperties: {
                type: "object",
                required: ["id", "name"],
                properties: { id: { type: "string" }, name: { type: "string" } },
              },
              description: "Registros a que as colunas de referência foram ligadas.",
            },
          },
        },
      },
      valid: integer("Linhas prontas para importar."),
      duplicates: integer("Linhas sem erro que repetem um cadastro ou outra linha."),
      invalid: integer("Linhas com erro."),
      columns: {
        type: "array",
        description: "Como cada cabeçalho foi entendido (field null: ignorado).",
        items: {
          type: "object",
          required: ["header", "field"],
          properties: { header: { type: "string" }, field: { type: ["string", "null"] } },
        },
      },
    },
  },
  ImportResult: {
    type: "object",
    title: "Resultado da importação",
    required: ["imported", "skipped", "skippedInvalid", "skippedDuplicates"],
    properties: {
      imported: integer("Registros salvos."),
      skipped: integer("Linhas deixadas de fora."),
      skippedInvalid: integer("Linhas com erro deixadas de fora."),
      skippedDuplicates: integer("Linhas repetidas deixadas de fora."),
    },
  },
};

const ERROR_STATUS: Record<string, string> = {
  "400": "BadRequest",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "NotFound",
  "409": "Conflict",
  "413": "PayloadTooLarge",
  "422": "Unprocessable",
  "429": "TooManyRequests",
};

export function responsesOf(ok: Record<string, ResponseObject>, errors: readonly string[]): Operation["responses"] {
  const out: Operation["responses"] = { ...ok };
  for (const status of errors) out[status] = responseRef(ERROR_STATUS[status] ?? "BadRequest");
  return out;
}
