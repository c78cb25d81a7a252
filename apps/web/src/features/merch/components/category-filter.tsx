import type { MerchCategory } from '@stratos/contracts/merch/products.schema';
import { theme } from 'antd';
import styles from '../merch.module.css';

export type CategoryFilterValue = 'all' | MerchCategory;
const FILTERS: { label: string; value: CategoryFilterValue }[] = [
  { label: 'All', value: 'all' },
  { label: 'Apparel', value: 'apparel' },
  { label: 'Accessories', value: 'accessories' },
  { label: 'Tech', value: 'tech' },
];

/** all, apparel, accessories, tech: native radio buttons drawn as a segmented control. */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: CategoryFilterValue;
  onChange: (v: CategoryFilterValue) => void;
}) {
  const { token } = theme.useToken();
  return (
    <div
      role="radiogroup"
      aria-label="Category"
      className={styles.filter}
      style={{ background: token.colorFillTertiary }}
    >
      {FILTERS.map((f) => {
        const checked = f.value === value;
        return (
          <label
            key={f.value}
            className={styles.filterItem}
            style={
              checked
                ? {
                    background: token.colorBgContainer,
                    color: token.colorText,
                    boxShadow: token.boxShadowTertiary,
                  }
                : { color: token.colorTextSecondary }
            }
          >
            <input
              type="radio"
              name="merch-category"
              value={f.value}
              checked={checked}
              onChange={() => onChange(f.value)}
              className={styles.filterInput}
            />
            {f.label}
          </label>
        );
      })}
    </div>
  );
}
