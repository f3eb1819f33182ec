import type { LoginForm, LoginRequest, LoginResponseData } from '@taxfree/domain';
import { useAction } from '@/hooks/use-action';
import { api } from '@/lib/api-client';
import { getDeviceId } from './device-id';

export function login(form: LoginForm) {
  const body: LoginRequest = {
    ...form,
    apptype: 'WEB',
    environment: 'Production',
    deviceuid: getDeviceId(),
    isRetailerWebPortal: true,
  };
  // Not signed in yet: a 401 here means wrong credentials, shown inline on the form.
  return api.post<LoginResponseData>('/authorization', body, { auth: false });
}

export function useLogin() {
  return useAction(login);
}
