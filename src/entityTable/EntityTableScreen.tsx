import { useCallback } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslate, type RaRecord } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../layout/PageHeading';
import { EntityTable } from './EntityTable';
import type { EntityResource } from './types';

/**
 * A declared resource's screen: its title, and its table in a card. `basePath` is the screen's address;
 * `/{basePath}/{id}` opens that row's edit dialog, so a row can be linked to (and an unreachable id says so).
 */
export function EntityTableScreen<T extends RaRecord>({ resource, basePath }: { resource: EntityResource<T>; basePath: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams();
  const onEditIdChange = useCallback(
    (next: string | undefined) => navigate(next === undefined ? basePath : `${basePath}/${encodeURIComponent(next)}`),
    [navigate, basePath],
  );
  return (
    <>
      <PageHeading title={translate(resource.titleKey)}>
        {resource.descriptionKey && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate(resource.descriptionKey)}</Typography>}
      </PageHeading>
      <Card variant="outlined" data-testid={`entity-screen-${resource.name}`}>
        <EntityTable resource={resource} editId={id} onEditIdChange={onEditIdChange} />
      </Card>
    </>
  );
}
