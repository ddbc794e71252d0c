import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { ChecklistItem } from "../../../shared/resources/imoveis.ts";

/** What publishing found missing: each item goes to its field (or to the Fotos tab). Focused when shown. */
export function DraftChecklist({
  propertyId,
  items,
  onField,
}: {
  propertyId: string;
  items: readonly ChecklistItem[];
  onField: (field: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="faltando-titulo"
      className="mb-4 space-y-2 rounded-xl border border-danger/40 bg-surface p-4 text-sm focus:outline-none"
    >
      <h2 id="faltando-titulo" className="font-semibold">
        Para publicar, falta:
      </h2>
      <ul className="list-disc space-y-1 pl-5">
        {items.map((item) => (
          <li key={item.key}>
            {item.field === "fotos" ? (
              // A document load: a client navigation right after the publish action left the old page on screen (see report).
              <Link to={`/properties/${propertyId}/fotos`} reloadDocument className="text-accent underline">
                {item.label}
              </Link>
            ) : (
              <button type="button" className="text-left text-accent underline" onClick={() => onField(item.field)}>
                {item.label}
              </button>
            )}
            <span className="text-fg-soft"> — {item.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
