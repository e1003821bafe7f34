import type { ReactNode } from "react";
import { Button, ButtonGroup } from "../../components/staff/button/button.tsx";

/** The intent of a list button: `up:2` in a form's one list, `up:p1:2` in a named one. */
const intentOf = (kind: string, list: string, index?: number) =>
  [kind, list || null, index ?? null].filter((part) => part !== null).join(":");

/**
 * «Выше», «Ниже», «Удалить…» under one item of an editor's list: each posts the form and gets it
 * back changed (domain/site-content/site-form.ts), nothing is stored. The hidden words say which
 * item a screen reader's button list means.
 */
export function ListItemButtons({
  list = "",
  index,
  count,
  remove,
  itemName,
}: {
  list?: string;
  index: number;
  count: number;
  /** «Удалить вакансию». */
  remove: string;
  /** «вакансия 2». */
  itemName: string;
}) {
  const hidden = <span className="visually-hidden">: {itemName}</span>;
  return (
    <ButtonGroup>
      {index > 0 ? (
        <Button kind="secondary" name="intent" value={intentOf("up", list, index)}>
          Выше{hidden}
        </Button>
      ) : null}
      {index < count - 1 ? (
        <Button kind="secondary" name="intent" value={intentOf("down", list, index)}>
          Ниже{hidden}
        </Button>
      ) : null}
      <Button kind="secondary" name="intent" value={intentOf("remove", list, index)}>
        {remove}
        {hidden}
      </Button>
    </ButtonGroup>
  );
}

/** «Добавить…» at the end of an editor's list. */
export function AddItemButton({ list = "", label }: { list?: string; label: string }) {
  return (
    <ButtonGroup>
      <Button kind="secondary" name="intent" value={intentOf("add", list)}>
        {label}
      </Button>
    </ButtonGroup>
  );
}

/**
 * One item of an editor's list in its fieldset: a legend naming it, its stable id (hidden), its
 * fields, then «Выше», «Ниже», «Удалить…».
 */
export function ListItemFieldset({
  id,
  legend,
  idField,
  buttons,
  children,
}: {
  /** The fieldset's own id: what the editor's contents list links to. */
  id?: string;
  legend: string;
  idField: { name: string; value: string };
  buttons: Parameters<typeof ListItemButtons>[0];
  children: ReactNode;
}) {
  return (
    <fieldset id={id} className="staff-form staff-stack">
      <legend>{legend}</legend>
      <input type="hidden" name={idField.name} value={idField.value} />
      {children}
      <ListItemButtons {...buttons} />
    </fieldset>
  );
}
