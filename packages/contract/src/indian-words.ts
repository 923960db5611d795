/**
 * Indian words, names and places that people build passwords from, for the strength estimator
 * (zxcvbn-ts ships no Indian dictionary). Source: curated by hand for Annadaan (issue 12, item 9)
 * from common Indian given names and surnames, the largest cities and states, deities, festivals,
 * cricket and film names, and the words that recur in published analyses of Indian password
 * leaks ("india", "sairam", "jaimatadi", "omsairam"). Lower case, most common first (zxcvbn ranks
 * a word by its position). A short list on purpose: it adds what the English and common
 * dictionaries miss, not every word.
 */
export const INDIAN_WORDS: readonly string[] = [
  'india', 'bharat', 'hindustan', 'jaihind', 'sairam', 'omsairam', 'jaimatadi', 'jaishriram', 'jaihanuman', 'omnamahshivaya',
  'krishna', 'ganesh', 'ganesha', 'shiva', 'shivaji', 'hanuman', 'rama', 'ram', 'sita', 'radha', 'lakshmi', 'laxmi', 'durga',
  'saraswati', 'parvati', 'vishnu', 'balaji', 'murugan', 'ayyappa', 'gurunanak', 'waheguru', 'allah', 'mahadev', 'bajrang',
  'diwali', 'holi', 'navratri', 'pongal', 'onam', 'eid', 'rakhi', 'ganpati', 'bappa', 'morya',
  'mumbai', 'bombay', 'delhi', 'newdelhi', 'bangalore', 'bengaluru', 'chennai', 'madras', 'kolkata', 'calcutta', 'hyderabad',
  'pune', 'ahmedabad', 'surat', 'jaipur', 'lucknow', 'kanpur', 'nagpur', 'indore', 'bhopal', 'patna', 'vadodara', 'ludhiana',
  'agra', 'nashik', 'varanasi', 'kochi', 'cochin', 'mysore', 'mysuru', 'goa', 'chandigarh', 'amritsar', 'coimbatore',
  'madurai', 'vizag', 'visakhapatnam', 'thane', 'noida', 'gurgaon', 'gurugram', 'ranchi', 'guwahati', 'bhubaneswar',
  'kerala', 'punjab', 'gujarat', 'maharashtra', 'rajasthan', 'karnataka', 'tamilnadu', 'telangana', 'bengal', 'bihar',
  'kashmir', 'assam', 'odisha', 'andhra',
  'rahul', 'amit', 'sachin', 'rohit', 'vijay', 'ajay', 'sanjay', 'rajesh', 'suresh', 'ramesh', 'mahesh', 'dinesh', 'mukesh',
  'rakesh', 'anil', 'sunil', 'manoj', 'deepak', 'arjun', 'karan', 'aditya', 'akash', 'ankit', 'abhishek', 'vikas', 'vivek',
  'nikhil', 'pradeep', 'praveen', 'prakash', 'ravi', 'raju', 'raj', 'sandeep', 'santosh', 'saurabh', 'shubham', 'sumit',
  'varun', 'vishal', 'yash', 'arun', 'ashok', 'gopal', 'krish', 'kumar', 'mohan', 'naveen', 'pankaj', 'ritesh', 'sameer',
  'priya', 'pooja', 'puja', 'neha', 'anjali', 'sneha', 'divya', 'kavya', 'swati', 'shweta', 'sunita', 'anita', 'geeta',
  'gita', 'rekha', 'meena', 'asha', 'usha', 'lata', 'nisha', 'ritu', 'komal', 'sonia', 'simran', 'kajal', 'payal', 'preeti',
  'aarti', 'jyoti', 'deepa', 'meera', 'radhika', 'shruti', 'sakshi', 'tanvi', 'isha', 'ananya', 'aishwarya',
  'sharma', 'verma', 'gupta', 'singh', 'patel', 'shah', 'mehta', 'jain', 'agarwal', 'yadav', 'reddy', 'rao',
  'naidu', 'nair', 'menon', 'pillai', 'iyer', 'iyengar', 'mishra', 'pandey', 'tiwari', 'dubey', 'chauhan', 'thakur',
  'joshi', 'kulkarni', 'desai', 'patil', 'chopra', 'kapoor', 'khanna', 'malhotra', 'bose', 'das', 'banerjee', 'chatterjee',
  'mukherjee', 'ghosh', 'sen', 'khan', 'ali', 'ahmed', 'hussain', 'sheikh', 'fernandes', 'dsouza', 'gill', 'sandhu',
  'dhoni', 'virat', 'kohli', 'tendulkar', 'ganguly', 'dravid', 'bumrah', 'cricket', 'ipl', 'csk', 'rcb',
  'shahrukh', 'srk', 'salman', 'aamir', 'amitabh', 'bachchan', 'rajini', 'rajinikanth', 'prabhas', 'bahubali', 'bollywood',
  'namaste', 'dosti', 'pyar', 'prem', 'ishq', 'dil', 'jaan', 'janu', 'meri', 'mera', 'tera', 'sona', 'babu', 'baby',
  'chotu', 'pappu', 'munna', 'guddu', 'bablu', 'pinky', 'bunty', 'sweety', 'papa', 'mummy', 'maa', 'amma', 'appa',
  'bhai', 'didi', 'dada', 'nana', 'nani', 'beta', 'jai', 'om', 'shanti', 'mata', 'swami', 'guru', 'ji', 'desi', 'chai',
  'biryani', 'paneer', 'masala', 'tiger', 'sher', 'azad', 'vande', 'mataram', 'tiranga', 'rupee', 'paisa', 'lakh', 'crore',
];
