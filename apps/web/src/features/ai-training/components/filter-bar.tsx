import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import type { FilterForm } from '../model/training-filter';

interface Props {
  form: FilterForm;
  onChange: (f: FilterForm) => void;
  models: string[];
  domains: string[];
  onReset: () => void;
  active: number;
}

const grid = {
  display: 'grid',
  gap: 10,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(170px, 100%), 1fr))',
  marginBottom: 16,
} as const;

/** Date, rating, model, domain, helpful, review and words: the dataset's filters. */
export function FilterBar({ form, onChange, models, domains, onReset, active }: Props) {
  const set = (k: keyof FilterForm) => (v: string) => onChange({ ...form, [k]: v ?? '' });
  const any = (label: string) => ({ value: '', label });
  return (
    <section aria-label="Filters" style={grid}>
      <Input
        type="date"
        aria-label="From"
        value={form.from}
        onChange={(e) => set('from')(e.target.value)}
        prefix={<span style={{ fontSize: 12, opacity: 0.7 }}>From</span>}
      />
      <Input
        type="date"
        aria-label="To"
        value={form.to}
        onChange={(e) => set('to')(e.target.value)}
        prefix={<span style={{ fontSize: 12, opacity: 0.7 }}>To</span>}
      />
      <Select
        aria-label="Rating"
        value={form.minRating}
        onChange={set('minRating')}
        options={[
          any('Any rating'),
          ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: n === 5 ? '5 stars' : `${n}+ stars` })),
        ]}
      />
      <Select
        aria-label="Helpful"
        value={form.helpful}
        onChange={set('helpful')}
        options={[
          any('Helpful: any'),
          { value: 'true', label: 'Helpful' },
          { value: 'false', label: 'Not helpful' },
          { value: 'unrated', label: 'Not rated' },
        ]}
      />
      <Select
        aria-label="Model"
        value={form.model}
        onChange={set('model')}
        showSearch={{ optionFilterProp: 'label' }}
        options={[any('Any model'), ...models.map((m) => ({ value: m, label: m }))]}
      />
      <Select
        aria-label="Domain"
        value={form.domain}
        onChange={set('domain')}
        showSearch={{ optionFilterProp: 'label' }}
        options={[any('Any domain'), ...domains.map((d) => ({ value: d, label: d }))]}
      />
      <Select
        aria-label="Review"
        value={form.review}
        onChange={set('review')}
        options={[
          any('Review: any'),
          { value: 'included', label: 'Included' },
          { value: 'excluded', label: 'Excluded' },
          { value: 'unreviewed', label: 'Not reviewed' },
        ]}
      />
      <Input
        allowClear
        aria-label="Search questions and answers"
        placeholder="Search text"
        prefix={<SearchOutlined aria-hidden />}
        value={form.search}
        onChange={(e) => set('search')(e.target.value)}
      />
      {active > 0 && (
        <Button onClick={onReset} style={{ justifySelf: 'start' }}>
          Clear filters ({active})
        </Button>
      )}
    </section>
  );
}
