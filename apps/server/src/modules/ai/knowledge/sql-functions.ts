/**
 * Functions a query may call: aggregates, window functions and pure value functions (text, math,
 * time, JSON, arrays, full-text search). Anything else is refused, so a function that sleeps,
 * reads files, changes settings, runs SQL of its own (query_to_xml, dblink) or locks is never
 * reached, whether or not it is listed anywhere as dangerous.
 */
// biome-ignore format: a word list, kept compact
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set(
  [
    // aggregates
    'count', 'sum', 'avg', 'min', 'max', 'array_agg', 'string_agg', 'json_agg', 'jsonb_agg',
    'json_object_agg', 'jsonb_object_agg', 'bool_and', 'bool_or', 'every', 'stddev', 'stddev_pop',
    'stddev_samp', 'variance', 'var_pop', 'var_samp', 'percentile_cont', 'percentile_disc', 'mode',
    'corr', 'covar_pop', 'covar_samp', 'regr_slope', 'regr_intercept', 'regr_count', 'regr_r2',
    'bit_and', 'bit_or',
    // window functions
    'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead',
    'first_value', 'last_value', 'nth_value',
    // math
    'abs', 'ceil', 'ceiling', 'floor', 'round', 'trunc', 'sqrt', 'cbrt', 'power', 'pow', 'exp',
    'ln', 'log', 'log10', 'mod', 'sign', 'div', 'width_bucket', 'greatest', 'least', 'pi',
    'degrees', 'radians', 'random', 'scale',
    // text
    'length', 'char_length', 'character_length', 'octet_length', 'bit_length', 'lower', 'upper',
    'initcap', 'substring', 'substr', 'btrim', 'ltrim', 'rtrim', 'trim', 'replace', 'translate',
    'concat', 'concat_ws', 'left', 'right', 'position', 'strpos', 'split_part', 'starts_with',
    'regexp_replace', 'regexp_match', 'regexp_matches', 'regexp_split_to_array', 'regexp_like',
    'regexp_count', 'lpad', 'rpad', 'repeat', 'reverse', 'format', 'md5', 'quote_literal',
    'quote_ident', 'quote_nullable', 'overlay', 'ascii', 'chr', 'to_hex', 'normalize', 'encode',
    'decode', 'sha256',
    // formatting and time
    'to_char', 'to_number', 'to_date', 'to_timestamp', 'now', 'date_trunc', 'date_part', 'extract',
    'age', 'make_interval', 'make_date', 'make_timestamp', 'make_timestamptz', 'justify_days',
    'justify_hours', 'justify_interval', 'date_bin', 'timezone', 'isfinite', 'statement_timestamp',
    'transaction_timestamp', 'clock_timestamp',
    // arrays
    'array_length', 'array_lower', 'array_upper', 'array_ndims', 'array_dims', 'cardinality',
    'array_position', 'array_positions', 'array_remove', 'array_replace', 'array_append',
    'array_prepend', 'array_cat', 'array_to_string', 'string_to_array', 'unnest', 'array_reverse',
    'array_sort', 'trim_array', 'generate_series', 'generate_subscripts',
    // JSON
    'to_json', 'to_jsonb', 'row_to_json', 'array_to_json', 'json_build_object',
    'jsonb_build_object', 'json_build_array', 'jsonb_build_array', 'json_object', 'jsonb_object',
    'json_array_length', 'jsonb_array_length', 'json_array_elements', 'jsonb_array_elements',
    'json_array_elements_text', 'jsonb_array_elements_text', 'json_each', 'jsonb_each',
    'json_each_text', 'jsonb_each_text', 'json_object_keys', 'jsonb_object_keys', 'json_typeof',
    'jsonb_typeof', 'json_extract_path', 'jsonb_extract_path', 'json_extract_path_text',
    'jsonb_extract_path_text', 'jsonb_strip_nulls', 'json_strip_nulls', 'jsonb_pretty', 'jsonb_set',
    'jsonb_insert', 'jsonb_path_query', 'jsonb_path_query_array', 'jsonb_path_query_first',
    'jsonb_path_exists', 'jsonb_path_match', 'json_scalar', 'json_serialize',
    // full-text search
    'to_tsvector', 'to_tsquery', 'plainto_tsquery', 'phraseto_tsquery', 'websearch_to_tsquery',
    'ts_rank', 'ts_rank_cd', 'ts_headline', 'setweight', 'strip', 'numnode', 'querytree',
    'tsvector_to_array', 'array_to_tsvector', 'ts_lexize',
    // other pure helpers
    'coalesce', 'nullif', 'num_nulls', 'num_nonnulls', 'gen_random_uuid', 'pg_typeof',
  ],
);
