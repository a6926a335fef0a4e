import { NotFoundScreen } from '@/app/_screens/shell/not-found-screen';

export default function NotFound() {
  return <NotFoundScreen />;
}
