/**
 * Staff's internal notes on an appeal, and the form that adds one (for the roles that may):
 * never in a letter to the author nor on the status page.
 */
import { inputConstraints } from "../../../domain/forms/input-constraints.ts";
import { appealActionFormSchema } from "../../../domain/staff/appeal-action-form.ts";
import type { NoteView } from "../../../domain/staff/staff-ports.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { CsrfField, Moment } from "./staff-display.tsx";

export function AppealNotes({
  notes,
  mayAdd,
  csrfToken,
}: {
  notes: readonly NoteView[];
  mayAdd: boolean;
  csrfToken: string;
}) {
  return (
    <>
      <h2>Внутренние заметки</h2>
      <p className="staff-hint">
        Видны только сотрудникам: не попадают в письма автору и на страницу состояния.
      </p>
      {notes.length === 0 ? (
        <p>Заметок нет.</p>
      ) : (
        <ul className="staff-notes" data-testid="notes">
          {notes.map((note) => (
            <li key={note.id}>
              <Moment iso={note.createdAt} />, {note.staffLogin}: {note.text}
            </li>
          ))}
        </ul>
      )}
      {mayAdd ? (
        <form method="post" className="staff-form" aria-label="Добавить заметку">
          <CsrfField token={csrfToken} />
          <input type="hidden" name="intent" value="note" />
          <Textarea
            id="note-text"
            name="note_text"
            label="Текст заметки"
            {...inputConstraints(appealActionFormSchema, "note", "note_text")}
            rows={3}
          />
          <Button kind="secondary">Добавить заметку</Button>
        </form>
      ) : null}
    </>
  );
}
