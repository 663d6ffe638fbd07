import { getApp } from '@/lib/app';
import { handleAuthRequest } from '@/lib/http/auth-session';

async function handle(request: Request): Promise<Response> {
  return handleAuthRequest(await getApp(), request);
}

export const GET = handle;
export const POST = handle;
