// The admin dashboard: its tabs (fewer for school staff), the active one chosen by the URL (see tabs.ts).
import { useLocation, useNavigate } from 'react-router-dom';
import { panelIdOf, TabBar, tabIdOf } from './components/TabBar';
import { useAdminData, type AdminData } from './hooks/useAdminData';
import { useAdminScope } from './hooks/useAdminScope';
import { AccountTab } from './account/AccountTab';
import { ClassViewTab } from './analysis/ClassViewTab';
import { ClassMocksTab } from './classMocks/ClassMocksTab';
import { ItemAnalysisTab } from './analysis/ItemAnalysisTab';
import { ContentTab } from './content/ContentTab';
import { EnrolTab } from './enrol/EnrolTab';
import { OverviewTab } from './overview/OverviewTab';
import { QuestionBankTab } from './questionBank/QuestionBankTab';
import { ResultsTab } from './results/ResultsTab';
import { SchoolsTab } from './schools/SchoolsTab';
import { ReviewTab } from './review/ReviewTab';
import { SettingsTab } from './settings/SettingsTab';
import { tabFor, tabsFor, type TabId } from './tabs';
import { UploadTab } from './upload/UploadTab';
import { UsersTab } from './users/UsersTab';

function Panel({ tab, data }: { tab: TabId; data: AdminData }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab stats={data.stats} results={data.results} />;
    case 'users':
      return <UsersTab users={data.users} />;
    case 'enrol':
      return <EnrolTab />;
    case 'content':
      return <ContentTab content={data.content} />;
    case 'upload':
      return <UploadTab content={data.content} />;
    case 'bank':
      return <QuestionBankTab content={data.content} />;
    case 'review':
      return <ReviewTab content={data.content.data} />;
    case 'results':
      return <ResultsTab content={data.content} allResults={data.results} />;
    case 'items':
      return <ItemAnalysisTab content={data.content} />;
    case 'class':
      return <ClassViewTab />;
    case 'schools':
      return <SchoolsTab />;
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
  const scope = useAdminScope();
  // Until the scope is known every tab stays, so a platform admin's reload keeps its tab.
  const tabs = tabsFor(scope.data ? scope.data.role === 'platform_admin' : true);
  const named = tabFor(location.pathname, location.search);
  const active = tabs.some((t) => t.id === named) ? named : 'overview';

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">Admin Dashboard</h1>
      <TabBar
        tabs={tabs}
        active={active}
        label="Admin dashboard sections"
        onSelect={(id, replace) => navigate(tabs.find((t) => t.id === id)?.to ?? '/admin', { replace })}
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
