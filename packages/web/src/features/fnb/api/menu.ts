import type {
  FnbMenu,
  SaveFnbCategoryBody,
  SaveFnbItemBody,
  SaveFnbResponse,
  SetFnbSoldOutBody,
} from '@sandbar/contract/fnb';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { fnbKeys } from './keys';

/** GET /getFnbMenu: every category and item (staff: inactive ones too). */
export const useFnbMenu = () => useQuery({ queryKey: fnbKeys.menu, queryFn: () => api<FnbMenu>('/getFnbMenu') });

function useMenuMutation<B>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<SaveFnbResponse>(path, { method: 'POST', body, silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: fnbKeys.all }),
  });
}

/** POST /saveFnbCategory (id absent: new). */
export const useSaveCategory = () => useMenuMutation<SaveFnbCategoryBody>('/saveFnbCategory');
/** POST /deleteFnbCategory. */
export const useDeleteCategory = () => useMenuMutation<{ id: number }>('/deleteFnbCategory');
/** POST /saveFnbItem (the modifier groups given replace the item's). */
export const useSaveItem = () => useMenuMutation<SaveFnbItemBody>('/saveFnbItem');
/** POST /deleteFnbItem. */
export const useDeleteItem = () => useMenuMutation<{ id: number }>('/deleteFnbItem');
/** POST /setFnbSoldOut: the 86 switch (reaches every phone and tablet through the live event). */
export const useSetSoldOut = () => useMenuMutation<SetFnbSoldOutBody>('/setFnbSoldOut');

/** POST /image-upload (multipart: name, tableName, files): a menu photo; its URL comes back. */
export async function uploadMenuPhoto(file: File): Promise<string> {
  const formData = new FormData();
  formData.append('name', 'photoUrl');
  formData.append('tableName', 'fnbItems');
  formData.append('files', file, file.name);
  const res = await api<{ newFileName: string; url: string }>('/image-upload', { method: 'POST', formData });
  return res.url;
}
