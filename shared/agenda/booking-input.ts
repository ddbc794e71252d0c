import { z } from "zod";
import { APPOINTMENT_ORIGINS, APPOINTMENT_STATUSES } from "../enums.ts";
import { ID_RE } from "../id.ts";
import { messages, optionalString } from "../validation.ts";

/**
 * What booking, moving and changing an appointment take (the inside agenda, the public page and
 * the API share them). Instants are epoch ms or ISO 8601 with its offset
 * ("2026-12-01T14:30:00-03:00"): the screens turn what is typed in the organização's zone into one.
 */

/** At most this many services in one appointment. */
export const MAX_SERVICES_PER_APPOINTMENT = 10;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant: epoch ms, or ISO 8601 with an offset (a wall-clock time without one is ambiguous). */
export function instant(field: string) {
  return z
    .union(
      [
        z.number().int().min(0).max(8_640_000_000_000),
        z
          .string()
          .regex(ISO_WITH_OFFSET)
          .transform((s) => Date.parse(s)),
      ],
      { error: () => messages.default(field) },
    )
    .pipe(z.number({ error: () => messages.default(field) }).refine(Number.isFinite, messages.default(field)));
}

const id = (field: string) => z.string({ error: () => messages.required(field) }).regex(ID_RE, messages.default(field));

export const bookingSchema = z.object({
  clienteId: id("Cliente"),
  profissionalId: id("Profissional"),
  servicoIds: z
    .array(id("Serviço"), { error: () => "Escolha ao menos um serviço" })
    .min(1, "Escolha ao menos um serviço")
    .max(MAX_SERVICES_PER_APPOINTMENT, `Escolha no máximo ${MAX_SERVICES_PER_APPOINTMENT} serviços`)
    .refine((ids) => new Set(ids).size === ids.length, "Cada serviço entra uma vez só"),
  inicio: instant("Início"),
  status: z.enum(["pendente", "confirmado"], { error: () => messages.one_of("Status") }).optional(),
  origem: z.enum(APPOINTMENT_ORIGINS, { error: () => messages.one_of("Origem") }).optional(),
  observacoes: optionalString("Observações", { max: 1000, multiline: true }),
  /** The SHA-256 of the client's link token (worker/services/agenda/appointment-link.ts). */
  linkHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

export type BookingInput = z.input<typeof bookingSchema>;
export type Booking = z.output<typeof bookingSchema>;

/** Move (drag), resize (drag the end) and hand over to another professional: same rules as booking. */
export const moveSchema = z
  .object({
    inicio: instant("Início"),
    /** Absent: the same length as before (a move); given: a resize. */
    fim: instant("Fim").optional(),
    profissionalId: id("Profissional").optional(),
  })
  .refine((x) => x.fim === undefined || x.fim > x.inicio, { path: ["fim"], message: "O fim deve ser depois do início" });

export type MoveInput = z.input<typeof moveSchema>;
export type Move = z.output<typeof moveSchema>;

export const statusSchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES, { error: () => messages.one_of("Status") }),
});
