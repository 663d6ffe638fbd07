import { ClientMessages } from '@/components/server/client-messages';

export default function DocumentsLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages areas={['app', 'documents']}>{children}</ClientMessages>;
}
