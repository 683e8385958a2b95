// The dashboard's line with no signal: how many practice sets this phone holds, and the way to
// them, so a student offline sees at once what still works.
import { useEffect, useState } from 'react';
import Smartphone from 'lucide-react/icons/smartphone';
import { plural } from '@shared/domain/display';
import { useSession } from '../../lib/session';
import { downloadedSets } from '../../lib/offline/downloads';
import { useOnline } from '../../hooks/useOnline';
import { DashboardLine } from './DashboardLine';

export function OnThisPhone() {
  const online = useOnline();
  const userId = useSession().user?.id ?? 0;
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (online) return;
    let live = true;
    downloadedSets(userId)
      .then((sets) => live && setCount(sets.length))
      .catch(() => live && setCount(0));
    return () => {
      live = false;
    };
  }, [online, userId]);
  if (online || count === null) return null;
  return (
    <DashboardLine
      id="sets-on-phone"
      icon={Smartphone}
      title={`${plural(count, 'set')} on this phone`}
      text={
        count > 0
          ? 'You are offline. Downloaded practice sets work without a connection; mock exams and review need one.'
          : 'You are offline. Download practice sets when you are online to practise without a connection.'
      }
      link={{
        to: '/downloads',
        label: count > 0 ? 'Practise offline' : 'Open Downloads',
        primary: count > 0,
      }}
    />
  );
}
