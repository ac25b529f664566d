import type { CheckReceiptInfoBody, ReceiptCheckResponse } from '@sandbar/contract/sales';
import { saleTexts } from '@sandbar/contract/sales';
import { useMutation } from '@tanstack/react-query';
import { api, isNetworkError } from '../../../lib/api';
import { connectivity } from '../../../lib/connectivity';
import { localText } from '../../../lib/notify';

/** POST /checkReceiptInfo: status false comes with a message shown in a red alert. */
export const checkReceiptInfo = async (body: CheckReceiptInfoBody): Promise<ReceiptCheckResponse> => {
  const r = await check(body);
  return { ...r, message: localText(r.message) };
};

const check = async (body: CheckReceiptInfoBody): Promise<ReceiptCheckResponse> => {
  if (!connectivity.get().online) return checkOffline(body);
  try {
    return await api<ReceiptCheckResponse>('/checkReceiptInfo', {
      method: 'POST',
      body,
      silent: true,
      attempts: 2,
      // A receipt check must not hold the sale up on a dead link: the tablet checks the shape.
      deadlineMs: 4000,
    });
  } catch (err) {
    if (isNetworkError(err)) return checkOffline(body);
    throw err;
  }
};

/** Offline (issue 13): a plain shape check; the server checks again when the sale is sent. */
function checkOffline(body: CheckReceiptInfoBody): ReceiptCheckResponse {
  if (body.receiptType === 'phone') {
    const digits = (body.receiptPhone ?? '').replace(/\D/g, '');
    return digits.length >= 10 && digits.length <= 15
      ? { status: true, message: saleTexts.receiptOk }
      : { status: false, message: saleTexts.invalidPhone };
  }
  if (body.receiptType === 'email') {
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test((body.receiptEmail ?? '').trim())
      ? { status: true, message: saleTexts.receiptOk }
      : { status: false, message: saleTexts.invalidEmail };
  }
  return { status: true, message: saleTexts.receiptOk };
}

export const useCheckReceiptInfo = () => useMutation({ mutationFn: checkReceiptInfo });
