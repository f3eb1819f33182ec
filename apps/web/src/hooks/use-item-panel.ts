import { useCallback } from 'react';
import { PANEL_PARAM } from '@/lib/address-params';
import { useUrlParams } from './use-url-params';

/**
 * An add / edit side panel over a list, kept in the URL react-admin style: `?panel=new` adds,
 * `?panel=edit&{idParam}=12` edits item 12. It can be linked to, survives a reload, and Back
 * closes it. `target` is 'new', the id being edited, or null while the panel is closed.
 */
export function useItemPanel(idParam: string) {
  const [params, updateParams] = useUrlParams();
  const panel = params.get(PANEL_PARAM);
  const raw = Number(params.get(idParam));
  const itemId = Number.isInteger(raw) && raw > 0 ? raw : null;

  const openNew = useCallback(
    () =>
      updateParams((updated) => {
        updated.delete(idParam);
        updated.set(PANEL_PARAM, 'new');
      }),
    [idParam, updateParams],
  );

  const openEdit = useCallback(
    (id: number) =>
      updateParams((updated) => {
        updated.set(idParam, String(id));
        updated.set(PANEL_PARAM, 'edit');
      }),
    [idParam, updateParams],
  );

  const close = useCallback(
    () =>
      updateParams((updated) => {
        updated.delete(idParam);
        updated.delete(PANEL_PARAM);
      }),
    [idParam, updateParams],
  );

  const target: 'new' | number | null =
    panel === 'new' ? 'new' : panel === 'edit' && itemId !== null ? itemId : null;
  return { target, openNew, openEdit, close };
}
