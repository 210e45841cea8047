import { createRoot } from 'react-dom/client';
import { Route, useParams } from 'react-router-dom';
import {
  Admin,
  CustomRoutes,
  Datagrid,
  EditGuesser,
  ExportButton,
  FilterButton,
  List,
  ListGuesser,
  Login,
  ReferenceField,
  ReferenceInput,
  Resource,
  ResourceContextProvider,
  ShowGuesser,
  TextField,
  TopToolbar,
  type AuthProvider,
} from 'react-admin';
import { authProvider } from '../../../src/providers/auth/authProvider';
import { dataProvider } from '../../../src/providers/data/dataProvider';
import { stockResources, type StockResource } from './stockResources';

/**
 * A react-admin app of stock components only, over the portal's own dataProvider and authProvider (canAccess
 * included): what a developer gets by writing `<Resource name=…>` for a resource of the API. Built and served by
 * stockReactAdmin.test.ts; never part of the app's build.
 */

// react-admin's stock login form names the account `username`; the portal's provider calls it `email`.
const stockAuthProvider: AuthProvider = {
  ...authProvider,
  login: ({ username, password }: { username: string; password: string }) => authProvider.login({ email: username, password }),
};

function StockList({ resource }: { resource: StockResource }) {
  const filters = resource.referenceFilters.map(({ source, reference }) => <ReferenceInput key={source} source={source} reference={reference} alwaysOn />);
  return (
    <List
      filters={filters.length ? filters : undefined}
      actions={
        <TopToolbar>
          {filters.length ? <FilterButton /> : null}
          <ExportButton />
        </TopToolbar>
      }
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        {resource.columns.map(({ source, sortable, reference }) =>
          reference ? (
            <ReferenceField key={source} source={source} reference={reference} sortable={sortable} link={false} />
          ) : (
            <TextField key={source} source={source} sortable={sortable} />
          ),
        )}
      </Datagrid>
    </List>
  );
}

function GuessedList() {
  const { resource } = useParams();
  return (
    <ResourceContextProvider value={resource}>
      <ListGuesser />
    </ResourceContextProvider>
  );
}

function StockApp() {
  return (
    <Admin dataProvider={dataProvider} authProvider={stockAuthProvider} disableTelemetry>
      {stockResources.map((resource) => (
        <Resource
          key={resource.name}
          name={resource.name}
          list={<StockList resource={resource} />}
          edit={<EditGuesser mutationMode="pessimistic" />}
          show={ShowGuesser}
          recordRepresentation={resource.titleField}
        />
      ))}
      {/* The guesser as a developer's first try at any resource: every field of the first rows, as react-admin infers them. */}
      {/* The portal's authProvider sends a signed-out person to /sign-in: react-admin's own login page is there. */}
      <CustomRoutes noLayout>
        <Route path="/sign-in" element={<Login />} />
        {/* Nothing: the test passes here between two visits of one list, so the second mounts it anew. */}
        <Route path="/blank" element={<span data-testid="blank" />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/guessed/:resource" element={<GuessedList />} />
      </CustomRoutes>
    </Admin>
  );
}

createRoot(document.getElementById('root')!).render(<StockApp />);
