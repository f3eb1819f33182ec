import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export const PANEL_PARAM = 'panel';

/**
 * An add / edit side panel over a list, kept in the URL react-admin style: `?panel=new` adds,
 * `?panel=edit&{idParam}=12` edits item 12. It can be linked to, survives a reload, and Back
 * closes it. `target` is 'new', the id being edited, or null while the panel is closed.
 */
export function useItemPanel(idParam: string) {
  const [params, setParams] = useSearchParams();
  const panel = params.get(PANEL_PARAM);
  const raw = Number(params.get(idParam));
  const itemId = Number.isInteger(raw) && raw > 0 ? raw : null;

  const openNew = useCallback(
    () =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete(idParam);
        updated.set(PANEL_PARAM, 'new');
        return updated;
      }),
    [idParam, setParams],
  );

  const openEdit = useCallback(
    (id: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set(idParam, String(id));
        updated.set(PANEL_PARAM, 'edit');
        return updated;
      }),
    [idParam, setParams],
  );

  const close = useCallback(
    () =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete(idParam);
        updated.delete(PANEL_PARAM);
        return updated;
      }),
    [idParam, setParams],
  );

  const target: 'new' | number | null =
    panel === 'new' ? 'new' : panel === 'edit' && itemId !== null ? itemId : null;
  return { target, openNew, openEdit, close };
}
