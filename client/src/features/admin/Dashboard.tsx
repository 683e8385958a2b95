// The admin dashboard: eleven tabs, the active one chosen by the URL (see tabs.ts).
import { useLocation, useNavigate } from 'react-router-dom';
import { panelIdOf, TabBar, tabIdOf } from './components/TabBar';
import { useAdminData, type AdminData } from './hooks/useAdminData';
import { AccountTab } from './account/AccountTab';
import { ClassViewTab } from './analysis/ClassViewTab';
import { ClassMocksTab } from './classMocks/ClassMocksTab';
import { ItemAnalysisTab } from './analysis/ItemAnalysisTab';
import { ContentTab } from './content/ContentTab';
import { OverviewTab } from './overview/OverviewTab';
import { QuestionBankTab } from './questionBank/QuestionBankTab';
import { ResultsTab } from './results/ResultsTab';
import { SettingsTab } from './settings/SettingsTab';
import { TABS, tabFor, type TabId } from './tabs';
import { UploadTab } from './upload/UploadTab';
import { UsersTab } from './users/UsersTab';

function Panel({ tab, data }: { tab: TabId; data: AdminData }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab stats={data.stats} results={data.results} />;
    case 'users':
      return <UsersTab users={data.users} />;
    case 'content':
      return <ContentTab content={data.content} />;
    case 'upload':
      return <UploadTab content={data.content} />;
    case 'bank':
      return <QuestionBankTab content={data.content} />;
    case 'results':
      return <ResultsTab content={data.content} allResults={data.results} />;
    case 'items':
      return <ItemAnalysisTab content={data.content} />;
    case 'class':
      return <ClassViewTab />;
    case 'class-mocks':
      return <ClassMocksTab content={data.content} />;
    case 'settings':
      return <SettingsTab />;
    case 'account':
      return <AccountTab />;
  }
}

export function Dashboard() {
  const location = useLocation();
  const navigate = useNavigate();
  const data = useAdminData();
  const active = tabFor(location.pathname, location.search);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">Admin Dashboard</h1>
      <TabBar
        tabs={TABS}
        active={active}
        label="Admin dashboard sections"
        onSelect={(id, replace) => navigate(TABS.find((t) => t.id === id)?.to ?? '/admin', { replace })}
      />
      <section
        id={panelIdOf(active)}
        role="tabpanel"
        aria-labelledby={tabIdOf(active)}
        tabIndex={0}
        className="focus:outline-none"
      >
        <Panel tab={active} data={data} />
      </section>
    </div>
  );
}
