import type { Context, Hono } from "hono";
import { z } from "zod";
import { checkFileCount } from "../../../../shared/document-files/check.ts";
import { isId } from "../../../../shared/id.ts";
import { documentoSchema } from "../../../../shared/resources/documentos.ts";
import { optionalId } from "../../../../shared/resources/schema-helpers.ts";
import { formErrors } from "../../../../shared/validation.ts";
import { dataObject, documented, type RouteDoc } from "../../../api/route-doc.ts";
import { authorize } from "../../../auth/permissions.ts";
import type { AppEnv } from "../../../http/types.ts";
import { enforceKeyedLimit } from "../../../security/rate-limit.ts";
import { DomainError } from "../../../services/context.ts";
import { documentForServing, storeDocument } from "../../../services/documents/documents.ts";
import { type Disposition, documentLinkPath } from "../../../services/documents/document-link.ts";
import type { ResourceModule, RouteHelpers } from "../../define.ts";
import { documentosModule } from "./documents.ts";

const UPLOAD_DOC: RouteDoc = {
  access: { action: "create" },
  summary: "Enviar arquivos (multipart)",
  description:
    "Envia um ou mais arquivos (`multipart/form-data`, até 20 por envio, cada um até 20 MB e o envio todo até 21 MB — a tela envia um por vez, com o progresso de cada um). Campos: `arquivo` (um ou mais arquivos), `titulo` (opcional: o nome do arquivo sem a extensão), `tipo`, `vencimento` (aaaa-mm-dd), e no máximo um vínculo: `clienteId`, `empresaId`, `imovelId`, `vendaId` ou `despesaId`. Cada arquivo é conferido pelo conteúdo (PDF, JPEG, PNG, HEIC, WebP, DOCX, XLSX) e guardado no armazenamento da sua organização; a resposta traz, por arquivo, o documento criado ou o motivo da recusa em pt-BR. 201 quando algum foi guardado; 422 quando nenhum foi.",
  response: dataObject(
    {
      arquivos: {
        type: "array",
        items: {
          type: "object",
          required: ["nome", "ok"],
          properties: {
            nome: { type: "string" },
            ok: { type: "boolean" },
            id: { type: "string", description: "O documento criado (quando ok)." },
            erro: { type: "string", description: "Por que o arquivo foi recusado (quando não ok)." },
          },
        },
      },
    },
    "Um item por arquivo, na ordem enviada.",
  ),
  status: "201",
  errors: ["400", "413", "422", "429"],
};

const LINK_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Link para abrir ou baixar o arquivo",
  description:
    "Um link assinado de 5 minutos para o arquivo do documento (`?d=inline` para visualizar imagens e PDFs na página, `?d=attachment` para baixar). Só funciona na sessão de quem o pediu, enquanto for membro da organização; nunca é um endereço público do armazenamento.",
  query: [
    {
      name: "d",
      in: "query",
      required: false,
      description: "inline (visualizar) ou attachment (baixar, o padrão).",
      schema: { type: "string", enum: ["inline", "attachment"] },
    },
  ],
  response: dataObject(
    { url: { type: "string", description: "O caminho assinado: /documents/file/<id>?d=&exp=&sig=" }, expiraEm: { type: "string" } },
    "O link e quando ele expira.",
  ),
  errors: ["429"],
};

/** What an upload's text fields say (one set for every file of the request). */
const uploadFields = z.object({
  titulo: z.string().max(160).optional(),
  vendaId: optionalId("Venda"),
  despesaId: optionalId("Despesa"),
});

function textField(data: FormData, name: string): string | undefined {
  const value = data.get(name);
  return typeof value === "string" ? value : undefined;
}

/** "Contrato Ana.pdf" → "Contrato Ana": a title when the screen sent none. */
function titleFromName(name: string): string {
  const base = name
    .replace(/\.[^.]{1,5}$/, "")
    .replace(/[_]+/g, " ")
    .trim();
  return (base || "Documento").slice(0, 160);
}

async function multipart(c: Context<AppEnv>): Promise<FormData> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().includes("multipart/form-data"))
    throw new DomainError("Envie os arquivos como multipart/form-data.", 400, "arquivo");
  return c.req.formData().catch((error) => {
    if (error instanceof DomainError) throw error; // 413 from the body limit
    throw new DomainError("Envio de arquivo inválido.", 400, "arquivo");
  });
}

/** `/api/documents/upload` and `/api/documents/:id/link`. */
export function documentRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  const mod = documentosModule as unknown as ResourceModule;
  app.post(
    "/upload",
    documented(UPLOAD_DOC, (c) =>
      run(c, async (ctx, actor) => {
        authorize(actor, "documentos", "create");
        await enforceKeyedLimit(ctx.db, "documentUpload", { user: actor.userId, ip: ctx.ip });
        const data = await multipart(c);
        const files = data.getAll("arquivo").filter((v): v is File => v instanceof File);
        if (!files.length) throw new DomainError("Escolha ao menos um arquivo.", 400, "arquivo");
        const tooMany = checkFileCount(files.length);
        if (tooMany) throw new DomainError(tooMany, 400, "arquivo");
        const extra = uploadFields.safeParse({
          titulo: textField(data, "titulo") || undefined,
          vendaId: textField(data, "vendaId"),
          despesaId: textField(data, "despesaId"),
        });
        if (!extra.success) throw new DomainError(Object.values(formErrors(extra))[0] ?? "Dados inválidos.", 422);
        const results: { nome: string; ok: boolean; id?: string; erro?: string }[] = [];
        for (const file of files) {
          // The metadata goes through the resource's schema (pt-BR messages); the title defaults to the file's name.
          const parsed = documentoSchema.safeParse({
            titulo: extra.data.titulo?.trim() || titleFromName(file.name),
            tipo: textField(data, "tipo") || "outro",
            vencimento: textField(data, "vencimento"),
            clienteId: textField(data, "clienteId"),
            empresaId: textField(data, "empresaId"),
            imovelId: textField(data, "imovelId"),
            observacoes: textField(data, "observacoes"),
          });
          if (!parsed.success) {
            results.push({ nome: file.name, ok: false, erro: Object.values(formErrors(parsed))[0] ?? "Dados inválidos." });
            continue;
          }
          const { arquivo: _a, nomeArquivo: _n, ...meta } = parsed.data;
          try {
            const bytes = new Uint8Array(await file.arrayBuffer());
            const id = await storeDocument(
              ctx,
              actor,
              mod,
              { name: file.name, type: file.type, size: file.size, bytes },
              {
                ...meta,
                vendaId: extra.data.vendaId,
                despesaId: extra.data.despesaId,
              },
            );
            results.push({ nome: file.name, ok: true, id });
          } catch (error) {
            if (!(error instanceof DomainError) || error.status === 403) throw error;
            results.push({ nome: file.name, ok: false, erro: error.message });
          }
        }
        const stored = results.some((r) => r.ok);
        if (!stored && results.length === 1)
          return c.json(
            { error: { message: results[0]?.erro ?? "Arquivo recusado.", field: "arquivo" }, data: { arquivos: results } },
            422,
          );
        return c.json({ data: { arquivos: results } }, stored ? 201 : 422);
      }),
    ),
  );

  app.get(
    "/:id/link",
    documented(LINK_DOC, (c) =>
      run(c, async (ctx, actor) => {
        authorize(actor, "documentos", "read");
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        await enforceKeyedLimit(ctx.db, "documentLink", { user: actor.userId });
        const secret = ctx.config.MEDIA_SIGNING_KEY;
        if (!secret) throw new DomainError("MEDIA_SIGNING_KEY não configurada: os documentos não podem ser abertos.", 422);
        const found = await documentForServing(ctx, actor.orgId, id);
        if (!found) return notFound(c);
        const disposition: Disposition = c.req.query("d") === "inline" ? "inline" : "attachment";
        const url = await documentLinkPath(secret, { orgId: actor.orgId, userId: actor.userId, documentId: id, disposition }, ctx.now);
        const exp = Number(new URL(url, "http://x").searchParams.get("exp"));
        return c.json({ data: { url, expiraEm: new Date(exp * 1000).toISOString() } }, 200, { "cache-control": "no-store" });
      }),
    ),
  );
}
