import type { ScreenProps } from '../../app/screen-props';
import { NotBuiltNotice } from '../../components/not-built-notice';

/** An honest placeholder for a route of the table that no issue has built yet. */
export function NotBuiltScreen({ title }: ScreenProps) {
  return <NotBuiltNotice title={title} />;
}
