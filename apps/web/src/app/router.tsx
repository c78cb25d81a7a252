import { createBrowserRouter } from 'react-router';

// The route table is being written; see the shell engineer's work.
export const router = createBrowserRouter([{ path: '*', element: <div>Stratos</div> }]);
