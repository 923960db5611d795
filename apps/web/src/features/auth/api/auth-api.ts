import type { AuthResponse, ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput } from '@annadaan/contract/auth';
import type { MessageResponse } from '@annadaan/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';

export function login(input: LoginInput) {
  return apiRequest<AuthResponse>('/api/auth/login', { method: 'POST', body: input });
}

export function register(input: RegisterInput) {
  return apiRequest<AuthResponse>('/api/auth/register', { method: 'POST', body: input });
}

export function logout() {
  return apiRequest<void>('/api/auth/logout', { method: 'POST' });
}

export function requestResetCode(input: ForgotPasswordInput) {
  return apiRequest<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body: input });
}

export function resetPassword(input: ResetPasswordInput) {
  return apiRequest<MessageResponse>('/api/auth/reset-password', { method: 'POST', body: input });
}

/** Signs in and keeps the session; whatever was cached belonged to nobody or someone else. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      queryClient.clear();
      saveSession({ token: response.accessToken, role: response.role });
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (response) => {
      queryClient.clear();
      saveSession({ token: response.accessToken, role: response.role });
    },
  });
}

export function useRequestResetCode() {
  return useMutation({ mutationFn: requestResetCode });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
