import {
  CheckOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  ReloadOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { TRAINING_MESSAGES } from '@stratos/contracts/ai/training.schema';
import { Alert, App, Button, Card, Flex, Result, Skeleton, Statistic, theme } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { exportTraining } from '../api/export-training';
import { useTrainingExamples } from '../api/get-training-examples';
import { type ReviewMark, useReviewExamples } from '../api/review-examples';
import { ExamplesTable } from '../components/examples-table';
import { FilterBar } from '../components/filter-bar';
import { activeFilters, EMPTY_FORM, type FilterForm, toFilter } from '../model/training-filter';

const tiles = {
  display: 'grid',
  gap: 12,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(150px, 100%), 1fr))',
  marginBottom: 16,
} as const;

/** /ai/training: interactions and their feedback as a fine-tuning dataset: filter, review, export. */
export default function AiTrainingPage() {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const deferred = useDeferredValue(form);
  const filter = useMemo(() => toFilter(deferred), [deferred]);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const examples = useTrainingExamples(filter, pageSize, (page - 1) * pageSize);
  const review = useReviewExamples();
  const data = examples.data;

  const changeForm = (f: FilterForm) => {
    setForm(f);
    setPage(1);
    setSelected([]);
  };
  const onReview = (ids: string[], mark: ReviewMark) =>
    review.mutate(
      { ids, review: mark },
      {
        onSuccess: (n) => {
          if (ids.length > 1)
            message.success(`${n} examples ${mark === 'included' ? 'included' : 'excluded'}`);
          setSelected((s) => s.filter((id) => !ids.includes(id)));
        },
        onError: (err) => message.error(errorMessage(err)),
      },
    );
  const onExport = async () => {
    setExporting(true);
    try {
      const { lines } = await exportTraining(filter);
      message.success(lines === 1 ? 'Exported 1 example' : `Exported ${lines} examples`);
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  let body: React.ReactNode;
  if (examples.isError && !data)
    body = (
      <Card>
        <Result
          status="warning"
          title={TRAINING_MESSAGES.loadFailed}
          subTitle={errorMessage(examples.error)}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={() => void examples.refetch()}>
              Retry
            </Button>
          }
        />
      </Card>
    );
  else if (!data)
    body = (
      <Card aria-busy="true" aria-label="Loading the dataset">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  else if (data.total === 0 && activeFilters(form) === 0)
    body = (
      <EmptyPanel
        icon={<ExperimentOutlined />}
        title="No conversations yet"
        description={
          data.scope === 'all'
            ? 'Interactions appear here as people chat with the assistant; their ratings and comments come with them.'
            : 'Your chats with the assistant appear here with the ratings you gave. Rate replies in the chat to build a dataset.'
        }
        actions={
          <LinkButton type="primary" to="/ai">
            Open AI chat
          </LinkButton>
        }
      />
    );
  else
    body = (
      <>
        <div style={tiles}>
          <Card size="small">
            <Statistic title="Matching examples" value={data.total} />
          </Card>
          <Card size="small">
            <Statistic
              title="Included (exported)"
              value={data.included}
              styles={{ content: { color: token.colorSuccess } }}
            />
          </Card>
          <Card size="small">
            <Statistic title="Excluded" value={data.excluded} />
          </Card>
          <Card size="small">
            <Statistic title="Not reviewed" value={data.total - data.included - data.excluded} />
          </Card>
        </div>
        {selected.length > 0 && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            title={`${selected.length} selected`}
            action={
              <Flex gap={8} wrap>
                <Button
                  size="small"
                  icon={<CheckOutlined />}
                  loading={review.isPending}
                  onClick={() => onReview(selected, 'included')}
                >
                  Include
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<StopOutlined />}
                  loading={review.isPending}
                  onClick={() => onReview(selected, 'excluded')}
                >
                  Exclude
                </Button>
              </Flex>
            }
          />
        )}
        <Card styles={{ body: { padding: 0 } }}>
          <ExamplesTable
            items={data.items}
            total={data.total}
            page={page}
            pageSize={pageSize}
            loading={examples.isFetching}
            showUser={data.scope === 'all'}
            selected={selected}
            onSelect={setSelected}
            onPage={(p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            }}
            onReview={onReview}
            reviewing={review.isPending ? (review.variables?.ids ?? []) : []}
          />
        </Card>
      </>
    );

  return (
    <>
      <PageHeader
        title="AI Training"
        description={
          data?.scope === 'all'
            ? "Everyone's conversations and feedback as a dataset. Review examples, then export the included ones as JSONL."
            : 'Your conversations and feedback as a dataset. Review examples, then export the included ones as JSONL.'
        }
        extra={
          <>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void examples.refetch()}
              loading={examples.isFetching && !examples.isPending}
            >
              Refresh
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!data || data.included === 0}
              onClick={() => void onExport()}
            >
              Export JSONL
            </Button>
          </>
        }
      />
      <FilterBar
        form={form}
        onChange={changeForm}
        models={data?.models ?? []}
        domains={data?.domains ?? []}
        active={activeFilters(form)}
        onReset={() => changeForm(EMPTY_FORM)}
      />
      {body}
    </>
  );
}
